/**
 * A database of the version before a migration, for a test of what that migration does to the rows
 * it finds: a fresh PostgreSQL database migrated up to (not including) `before`; the test writes
 * its rows with `query`, then `migrateRest()` applies the migration and those after it.
 */
import { openPostgres } from '../../src/platform/db/client.ts';
import { migrate, readMigrations } from '../../src/platform/db/migrate.ts';
import { createTestDatabase } from './test-app.ts';

export async function databaseBefore(before: string) {
  const created = await createTestDatabase();
  const database = await openPostgres(created.url, 2);
  await migrate(
    database,
    readMigrations().filter((f) => f.name < before),
  );
  return {
    /** Rows of one statement, run as the database's owner (row-level security does not apply). */
    query: <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> =>
      database.transactionRaw(async (exec) => (await exec(text, params)).rows as T[]),
    migrateRest: () => migrate(database).then(() => undefined),
    close: async () => {
      await database.close();
      await created.drop();
    },
  };
}
