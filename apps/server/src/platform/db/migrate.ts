/**
 * SQL migrations from apps/server/migrations, applied in name order at start-up. Each file runs in
 * its own transaction together with its bookkeeping row, so a failing migration leaves the database
 * as it was. An advisory lock keeps two servers starting at once from applying the same file twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));
const LOCK_ID = 7_337_001;

export interface MigrationFile {
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export async function migrate(database: Database, files = readMigrations()): Promise<string[]> {
  // Under the lock too: two servers creating the bookkeeping table at once would collide.
  await database.transactionRaw(async (exec) => {
    await exec(`select pg_advisory_xact_lock(${LOCK_ID})`);
    await exec(`create table if not exists schema_migration (
      name text primary key, applied_at timestamptz not null default now())`);
  });
  const applied: string[] = [];
  for (const file of files) {
    const done = await database.transactionRaw(async (exec) => {
      await exec(`select pg_advisory_xact_lock(${LOCK_ID})`);
      const seen = await exec('select 1 from schema_migration where name = $1', [file.name]);
      if (seen.rows.length) return false;
      try {
        await exec(file.sql);
      } catch (error) {
        throw new Error(`migration ${file.name} failed: ${(error as Error).message}`, { cause: error });
      }
      await exec('insert into schema_migration (name) values ($1)', [file.name]);
      return true;
    });
    if (done) applied.push(file.name);
  }
  return applied;
}
