/** Daily rinses, basic maintenance when its cups came round, and the deep cleaning before it all. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { insertJson } from './bulk.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeCleanings(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.flatMap((h) =>
    h.cleanings.map((c) => ({
      device_id: h.machine.id,
      event_id: c.eventId,
      kind: c.kind,
      result: c.result,
      duration: c.durationSeconds,
      at: c.at.toISOString(),
    })),
  );
  await insertJson(
    db,
    list,
    (json) => sql`
      insert into cleaning_record (merchant_id, store_id, device_id, serial_number, event_id, kind, result,
                                   duration_seconds, cleaned_at, created_at, updated_at)
      select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.kind, x.result, x.duration, x.at, x.at, x.at
      from json_to_recordset(${json}) as x(device_id bigint, event_id text, kind text, result text, duration float8,
           at timestamptz)
      join device d on d.id = x.device_id`,
  );
}
