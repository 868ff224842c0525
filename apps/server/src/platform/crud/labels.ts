/**
 * How rows are named: a picker's label (`/select`), and the same label where a sheet names the row a
 * ref points at — an export writes it, an import reads it back. One rule for all of them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { LANGUAGES, localizedFieldOf, type Language } from '@brewfleet/contracts';
import type { AuthUser } from '../auth/auth-user.ts';
import { rows, type Db } from '../db/client.ts';
import { all } from './query.ts';
import { inheritedOwners, readableTo } from './inherited.ts';
import { allNamesSql, nameInSql } from './localized-sql.ts';
import type { ResourceRegistry } from './registry.ts';
import type { Registered } from './types.ts';

/**
 * The label of a row in pickers, as SQL: its label column — in `lang` when the resource names it per
 * language — or for a ref the label of the row it points at (a store's product is named by the
 * product, not its id), followed by the label of `labelContext` when the definition has one. Text,
 * so that it sorts; `search` is what a keyword matches: the label with every name of each part.
 */
export function selectLabel(
  resources: ResourceRegistry,
  reg: Registered,
  lang: Language,
): { label: SQL; search: SQL } {
  /** A row's label (and search text) from its own columns. */
  const own = (of: Registered, key: string) => {
    const column = of.columns[key];
    const names = localizedFieldOf(of.def, key);
    return names
      ? { label: nameInSql(of.columns[names], column, lang), search: allNamesSql(of.columns[names], column) }
      : { label: sql`${column}::text`, search: sql`${column}::text` };
  };
  const part = (key: string) => {
    const fd = reg.def.fields[key];
    if (fd?.kind !== 'ref') return own(reg, key);
    const column = reg.columns[key];
    const target = resources.get(fd.ref!);
    const of = own(target, target.def.labelField);
    // A row the caller may not see (row-level security) leaves its id rather than nothing.
    const through = (text: SQL) =>
      sql`coalesce((select ${text} from ${target.table} where ${target.columns.id} = ${column}), ${column}::text)`;
    return { label: through(of.label), search: through(of.search) };
  };
  const label = part(reg.def.labelField);
  if (!reg.def.labelContext) return label;
  const context = part(reg.def.labelContext);
  return {
    label: sql`concat_ws(' · ', ${label.label}, ${context.label})`,
    search: sql`concat_ws(' ', ${label.search}, ${context.search})`,
  };
}

/** A bigint[] parameter of ids (digits only: they come from the database or passed ID_PATTERN). */
const idArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
/** A text[] parameter of any texts. */
const textArray = (texts: string[]) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb))`;

/**
 * The labels of `target`'s rows with these ids, in `lang`, as the caller's pickers name them: the
 * rows it may read, and the rows named outside its scope (a merchant's superiors). One query for all
 * the ids; an id named nowhere is left out (the sheet keeps the id).
 */
export async function labelsOf(
  resources: ResourceRegistry,
  target: Registered,
  ids: string[],
  db: Db,
  user: AuthUser | null,
  lang: Language,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (!ids.length) return labels;
  const owners = await inheritedOwners(target, db, user);
  const { label } = selectLabel(resources, target, lang);
  const found = await rows<{ id: string; label: string | null }>(
    db,
    sql`select ${target.columns.id}::text as id, ${label} as label from ${target.table}
        where ${all([sql`${target.columns.id} = any(${idArray(ids)})`, readableTo(target, user, owners)])}`,
  );
  for (const row of found) labels.set(row.id, row.label ?? row.id);
  if (labels.size < ids.length && target.hooks.namedOutsideScope && user)
    for (const option of await target.hooks.namedOutsideScope(user))
      if (!labels.has(option.value)) labels.set(option.value, option.label);
  return labels;
}

/** What a sheet's text names among a ref's rows: ids of the rows it may mean (none, one, several). */
export type LabelMatches = Map<string, string[]>;

/**
 * The rows of `target` the caller may read whose id, or whose label in any language, is one of
 * `texts` (an import's cells of a ref column): text → ids. An id wins over a label that happens to
 * be digits. One query for all the texts of a column.
 */
export async function rowsNamed(
  resources: ResourceRegistry,
  target: Registered,
  texts: string[],
  db: Db,
  user: AuthUser | null,
): Promise<LabelMatches> {
  const matches: LabelMatches = new Map();
  if (!texts.length) return matches;
  const owners = await inheritedOwners(target, db, user);
  const labels = LANGUAGES.map((lang) => selectLabel(resources, target, lang).label);
  const wanted = textArray(texts);
  const found = await rows<{ id: string; labels: Array<string | null> }>(
    db,
    sql`select ${target.columns.id}::text as id, array[${sql.join(labels, sql`, `)}] as labels
        from ${target.table}
        where ${all([
          sql`(${target.columns.id}::text = any(${wanted}) or ${sql.join(
            labels.map((l) => sql`${l} = any(${wanted})`),
            sql` or `,
          )})`,
          readableTo(target, user, owners),
        ])}`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const text of texts) {
    if (byId.has(text)) {
      matches.set(text, [text]);
      continue;
    }
    matches.set(
      text,
      found.filter((row) => row.labels.includes(text)).map((row) => row.id),
    );
  }
  return matches;
}
