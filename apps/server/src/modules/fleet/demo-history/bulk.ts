/**
 * Rows written as JSON parameters of a few set-based statements (as the gateway writes a batch):
 * a chunk at a time, so no single parameter grows past a few megabytes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

const CHUNK = 5000;

/** `statement` reads its rows with `json_to_recordset(json)`: plain json parses faster than jsonb. */
export async function insertJson(db: Db, list: object[], statement: (json: SQL) => SQL): Promise<void> {
  for (let i = 0; i < list.length; i += CHUNK)
    await db.execute(statement(sql`${JSON.stringify(list.slice(i, i + CHUNK))}::json`));
}
