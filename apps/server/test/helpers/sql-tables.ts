/**
 * The tables a module's source names: in its SQL (every `sql`…`` template: from, join, into,
 * update, delete from, truncate, references), and through the resource registry
 * (`resources.get('device')` reads the device resource's table). Comments are skipped, and so is
 * what a template interpolates (`${…}`): a name there is a value, not SQL. The ownership test
 * (table-ownership.test.ts) compares what it finds with what each module declares it owns.
 */
export interface TableUse {
  table: string;
  /** The words that name it, as written (`insert into device_command`), for the failure message. */
  text: string;
}

/** Source without its comments (line and block), keeping strings and templates as they are. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The literal text of every `sql`…`` (and sql.raw`…`) template, interpolations left out. */
function sqlTemplates(source: string): string[] {
  const found: string[] = [];
  const start = /\bsql(?:\.raw)?`/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    let text = '';
    let depth = 0;
    let i = start.lastIndex;
    for (; i < source.length; i++) {
      const c = source[i];
      if (depth === 0 && c === '`') break;
      if (depth === 0 && c === '$' && source[i + 1] === '{') {
        depth = 1;
        i++;
        text += ' ? ';
        continue;
      }
      if (depth > 0) {
        if (c === '{') depth++;
        else if (c === '}') depth--;
        continue;
      }
      text += c;
    }
    found.push(text);
    start.lastIndex = i + 1;
  }
  return found;
}

const NAMING =
  /\b(?:insert\s+into|delete\s+from|from|join|into|update|truncate|references|table)\s+("?)([a-z_][a-z0-9_]*)\1/gi;
const REGISTRY = /\bresources\.(?:get|find)\(\s*'([a-z][a-z0-9-]*)'\s*\)/g;

/**
 * What `source` names among `tables` (those the caller cares about: another module's), with
 * `tableOfResource` turning a resource name into its table.
 */
export function tablesNamed(
  source: string,
  tables: ReadonlySet<string>,
  tableOfResource: (name: string) => string | undefined,
): TableUse[] {
  const code = withoutComments(source);
  const uses: TableUse[] = [];
  for (const template of sqlTemplates(code))
    for (const m of template.matchAll(NAMING)) {
      const table = m[2].toLowerCase();
      if (tables.has(table)) uses.push({ table, text: m[0].replace(/\s+/g, ' ') });
    }
  for (const m of code.matchAll(REGISTRY)) {
    const table = tableOfResource(m[1]);
    if (table && tables.has(table)) uses.push({ table, text: m[0] });
  }
  return uses;
}
