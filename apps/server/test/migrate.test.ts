/**
 * migrate(): SQL files from a folder, applied in name order, each once, each in its own transaction
 * with its bookkeeping row. On the embedded PGlite (in memory) and on a real PostgreSQL database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/platform/db/client.ts';
import { migrate, readMigrations, type MigrationFile } from '../src/platform/db/migrate.ts';
import { createTestDatabase } from './helpers/test-app.ts';

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary migrations folder holding `files` (name → SQL). */
function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-migrations-'));
  tempDirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

async function query<T = Record<string, unknown>>(database: Database, text: string): Promise<T[]> {
  return database.transactionRaw(async (exec) => (await exec(text)).rows as T[]);
}

async function tableExists(database: Database, name: string): Promise<boolean> {
  const [row] = await query<{ t: string | null }>(
    database,
    `select to_regclass('public.${name}')::text as t`,
  );
  return row.t !== null;
}

async function recorded(database: Database): Promise<string[]> {
  const list = await query<{ name: string }>(database, 'select name from schema_migration order by name');
  return list.map((r) => r.name);
}

// Written out of order on purpose, with a file that is not SQL: the names decide the order, and
// each file depends on the one before it (a second application would fail: plain `create table`).
const GOOD = {
  '0003_third.sql': `insert into mig_log (step) values ('third');`,
  '0001_first.sql': `create table mig_log (seq serial primary key, step text not null);
                     insert into mig_log (step) values ('first');`,
  'README.md': 'not a migration',
  '0002_second.sql': `alter table mig_log add column note text;
                      insert into mig_log (step, note) values ('second', 'column added by 0002');`,
};

// The second statement fails (division by zero at run time, after the table was created).
const FAILING = `create table mig_half (id int primary key);
                 insert into mig_half values (1 / 0);`;

type Open = () => Promise<{ database: Database; done: () => Promise<void> }>;

const backends: [string, Open][] = [
  [
    'PGlite (in memory)',
    async () => {
      const database = await openPglite(null);
      return { database, done: () => database.close() };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const { url, drop } = await createTestDatabase();
      const database = await openPostgres(url, 2);
      return {
        database,
        async done() {
          await database.close();
          await drop();
        },
      };
    },
  ],
];

describe.each(backends)('migrate() on %s', (_name, open) => {
  it('reads only .sql files, sorted by name', () => {
    const files = readMigrations(folder(GOOD));
    expect(files.map((f) => f.name)).toEqual(['0001_first.sql', '0002_second.sql', '0003_third.sql']);
  });

  it('applies the files in order, once; a second run applies nothing', async () => {
    const { database, done } = await open();
    try {
      const dir = folder(GOOD);
      const applied = await migrate(database, readMigrations(dir));
      expect(applied).toEqual(['0001_first.sql', '0002_second.sql', '0003_third.sql']);
      const log = await query<{ step: string; note: string | null }>(
        database,
        'select step, note from mig_log order by seq',
      );
      expect(log).toEqual([
        { step: 'first', note: null },
        { step: 'second', note: 'column added by 0002' },
        { step: 'third', note: null },
      ]);
      expect(await recorded(database)).toEqual(applied);

      expect(await migrate(database, readMigrations(dir))).toEqual([]);
      expect(await query(database, 'select step from mig_log')).toHaveLength(3);

      // A file added later is the only one applied on the next run.
      fs.writeFileSync(path.join(dir, '0004_fourth.sql'), `insert into mig_log (step) values ('fourth');`);
      expect(await migrate(database, readMigrations(dir))).toEqual(['0004_fourth.sql']);
      expect(await query(database, 'select step from mig_log')).toHaveLength(4);
    } finally {
      await done();
    }
  });

  it('a failing migration leaves the database as it was; the files before it stay applied', async () => {
    const { database, done } = await open();
    try {
      const dir = folder({
        '0001_first.sql': GOOD['0001_first.sql'],
        '0002_half.sql': FAILING,
        '0003_never.sql': `create table mig_never (id int);`,
      });
      await expect(migrate(database, readMigrations(dir))).rejects.toThrow(/migration 0002_half\.sql failed/);

      expect(await recorded(database)).toEqual(['0001_first.sql']);
      expect(await tableExists(database, 'mig_log')).toBe(true);
      expect(await query(database, 'select step from mig_log')).toEqual([{ step: 'first' }]);
      // The first statement of the failed file was rolled back with it.
      expect(await tableExists(database, 'mig_half')).toBe(false);
      // Nothing after the failure ran.
      expect(await tableExists(database, 'mig_never')).toBe(false);

      // Fixed, the same folder goes through: the failed file and the ones after it, once.
      fs.writeFileSync(
        path.join(dir, '0002_half.sql'),
        `create table mig_half (id int primary key); insert into mig_half values (1);`,
      );
      expect(await migrate(database, readMigrations(dir))).toEqual(['0002_half.sql', '0003_never.sql']);
      expect(await query(database, 'select id from mig_half')).toEqual([{ id: 1 }]);
      expect(await recorded(database)).toEqual(['0001_first.sql', '0002_half.sql', '0003_never.sql']);
    } finally {
      await done();
    }
  });

  it('applies the project migrations to an empty database, then nothing', async () => {
    const { database, done } = await open();
    try {
      const files = readMigrations();
      expect(files.length).toBeGreaterThan(0);
      expect(await migrate(database, files)).toEqual(files.map((f) => f.name));
      expect(await migrate(database, files)).toEqual([]);
    } finally {
      await done();
    }
  });
});

describe('concurrent migrate() on one PostgreSQL database', () => {
  // Two servers starting at once. Run several rounds, each on a fresh database, because a race
  // shows only sometimes.
  const ROUNDS = 5;
  const files: MigrationFile[] = readMigrations(folder(GOOD));

  it(`applies each file exactly once (${ROUNDS} rounds)`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { url, drop } = await createTestDatabase();
      const a = await openPostgres(url, 2);
      const b = await openPostgres(url, 2);
      try {
        const results = await Promise.allSettled([migrate(a, files), migrate(b, files)]);
        const rejected = results.filter((r) => r.status === 'rejected');
        if (rejected.length) {
          failures.push(`round ${round}: ${(rejected[0] as PromiseRejectedResult).reason}`);
          continue;
        }
        const [ra, rb] = results.map((r) => (r as PromiseFulfilledResult<string[]>).value);
        expect([...ra, ...rb].sort()).toEqual(files.map((f) => f.name));
        const log = await query<{ step: string }>(a, 'select step from mig_log order by seq');
        expect(log.map((r) => r.step)).toEqual(['first', 'second', 'third']);
        expect(await recorded(a)).toEqual(files.map((f) => f.name));
      } finally {
        await a.close();
        await b.close();
        await drop();
      }
    }
    expect(failures).toEqual([]);
  });
});
