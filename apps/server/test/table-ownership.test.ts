/**
 * A module owns its tables (issue 14 §2): each module declares them (platform/module.ts `tables`),
 * every table of the schema is one module's or the platform's, and no module's source names a table
 * another module owns — it asks that module's service instead — but for the tables an owner declares
 * `readable` (the tenant tree), which others may read and never write. A module whose SQL names
 * another's table fails here, as a route without a permission code fails in route-coverage.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESOURCES } from '@brewfleet/contracts';
import { openPglite, rows, type Database } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { MODULES, PLATFORM_TABLES } from '../src/modules/index.ts';
import type { AnyModule } from '../src/platform/module.ts';
import { tablesNamed } from './helpers/sql-tables.ts';

const MODULES_DIR = path.resolve(import.meta.dirname, '../src/modules');

/**
 * Reads of another module's tables not yet moved behind its service: `module/file → table`. Each
 * entry must still be needed (the last test fails on a stale one), so the list only shrinks. Writes
 * are never allowed here.
 */
const KNOWN_READS = new Set([
  // The menu content is built from the catalog's products, options and materials: to become a
  // catalog service call (catalog.menuProducts) with menus shaping the result.
  'menus/menu-content.ts → product',
  'menus/menu-content.ts → store_product',
  'menus/menu-content.ts → machine_product',
  'menus/menu-content.ts → product_option',
  'menus/menu-content.ts → option_type',
  'menus/menu-content.ts → small_material',
  'menus/menu-content.ts → snack',
  'menus/missing-products.ts → product',
  'menus/missing-products.ts → store_product',
  // The demo's catalog is seeded by the menus demo, through the catalog's resource hooks.
  'menus/demo.ts → product',
  'menus/demo.ts → store_product',
  // A release's progress counts its machines' latest commands (events: "command finished").
  'menus/release-progress.ts → device_command',
  // The demo taxes every product type and extra product of a brand: to become a catalog service call.
  'taxes/demo.ts → extra_product',
  'taxes/demo.ts → product_type',
]);

const WRITE = /^(?:insert into|update|delete from|truncate)\b/i;

const owners = new Map<string, string>();
for (const m of MODULES) for (const t of m.tables) owners.set(t, m.name);
const readable = new Set(MODULES.flatMap((m) => m.readable ?? []));
const tableOfResource = (name: string) => RESOURCES[name]?.table;

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sourceFiles(path.join(dir, e.name))
        : e.name.endsWith('.ts')
          ? [path.join(dir, e.name)]
          : [],
    );
}

interface Finding {
  /** `module/file → table` */
  key: string;
  text: string;
  write: boolean;
}

/** What a module's source names of the tables other modules own. */
function foreignTables(module: Pick<AnyModule, 'name'>, files: Array<{ file: string; source: string }>) {
  const others = new Set([...owners.keys()].filter((t) => owners.get(t) !== module.name));
  const found: Finding[] = [];
  for (const { file, source } of files)
    for (const use of tablesNamed(source, others, tableOfResource)) {
      const write = WRITE.test(use.text);
      if (!write && readable.has(use.table)) continue;
      found.push({ key: `${module.name}/${file} → ${use.table}`, text: use.text, write });
    }
  return found;
}

function moduleSources(module: AnyModule) {
  const dir = path.join(MODULES_DIR, module.name);
  return sourceFiles(dir).map((f) => ({
    file: path.relative(dir, f),
    source: fs.readFileSync(f, 'utf8'),
  }));
}

let database: Database;
let schemaTables: string[] = [];
beforeAll(async () => {
  database = await openPglite(null);
  await migrate(database);
  schemaTables = (
    await rows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).map((r) => r.table_name);
});
afterAll(() => database.close());

describe('each table has one owner', () => {
  it('every table of the schema is owned by exactly one module or by the platform', () => {
    const declared = [...MODULES.flatMap((m) => m.tables), ...PLATFORM_TABLES];
    const twice = declared.filter((t, i) => declared.indexOf(t) !== i);
    expect(twice, 'tables declared by two owners').toEqual([]);
    expect(
      schemaTables.filter((t) => !declared.includes(t)),
      'tables no module declares',
    ).toEqual([]);
    expect(
      declared.filter((t) => !schemaTables.includes(t)),
      'declared tables the migrations do not create',
    ).toEqual([]);
  });

  it('a module shares for reading only tables of its own', () => {
    for (const m of MODULES)
      expect(
        (m.readable ?? []).filter((t) => !m.tables.includes(t)),
        m.name,
      ).toEqual([]);
  });

  it('every module folder is in the list, under its own name', () => {
    const folders = fs
      .readdirSync(MODULES_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders);
  });
});

describe('no module names another module’s table', () => {
  const all = MODULES.flatMap((m) => foreignTables(m, moduleSources(m)));

  it('no module writes another module’s table', () => {
    expect(all.filter((f) => f.write).map((f) => `${f.key} (${f.text})`)).toEqual([]);
  });

  it('no module reads another module’s table but the known reads still to move', () => {
    expect(all.filter((f) => !f.write && !KNOWN_READS.has(f.key)).map((f) => `${f.key} (${f.text})`)).toEqual(
      [],
    );
  });

  it('every known read is still there (a read moved behind a service leaves the list)', () => {
    const seen = new Set(all.map((f) => f.key));
    expect([...KNOWN_READS].filter((k) => !seen.has(k))).toEqual([]);
  });
});

describe('the check itself fails on what it must catch', () => {
  // menus does not own device_command (fleet does), nor account (iam); it owns menu_release.
  const menus = { name: 'menus' };
  const check = (source: string) => foreignTables(menus, [{ file: 'fake.ts', source }]);

  it('catches SQL that writes another module’s table', () => {
    const found = check(
      "await tx.execute(sql`insert into device_command (device_id, type) values (${id}, 'menu')`);",
    );
    expect(found).toEqual([
      { key: 'menus/fake.ts → device_command', text: 'insert into device_command', write: true },
    ]);
  });

  it('catches a read, an update and a read through the resource registry', () => {
    const found = check(`
      const a = sql\`select id from device_log d join account a on a.id = d.created_by\`;
      const b = sql\`update "device_log" set message = \${status}\`;
      const reg = deps.resources.get('device-command');`);
    expect(found.map((f) => [f.key, f.write])).toEqual([
      ['menus/fake.ts → device_log', false],
      ['menus/fake.ts → account', false],
      ['menus/fake.ts → device_log', true],
      ['menus/fake.ts → device_command', false],
    ]);
  });

  it('lets a module name its own tables, a readable table, and words in comments or values', () => {
    const found = check(`
      // insert into device_command: fleet does that (a comment)
      const a = sql\`update menu_release set state = 'pushing' from store s where s.id = \${storeId}\`;
      const b = sql\`select \${'from device'} as text\`;
      const message = 'queued from device_command';`);
    expect(found).toEqual([]);
  });
});
