/** Faults of the past weeks, cleared, and the one still open on the machine in alarm. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { insertJson } from './bulk.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeFaults(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.flatMap((h) =>
    h.faults.map((f) => ({
      device_id: h.machine.id,
      event_id: f.eventId,
      code: f.fault.code,
      message: f.fault.message,
      severity: f.fault.severity,
      raised_at: f.raisedAt.toISOString(),
      cleared_at: f.clearedAt?.toISOString() ?? null,
    })),
  );
  await insertJson(
    db,
    list,
    (json) => sql`
      insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, message, severity,
                             active, raised_at, cleared_at, created_at, updated_at)
      select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.code, x.message, x.severity,
             x.cleared_at is null, x.raised_at, x.cleared_at, x.raised_at, coalesce(x.cleared_at, x.raised_at)
      from json_to_recordset(${json}) as x(device_id bigint, event_id text, code text, message text, severity text,
           raised_at timestamptz, cleared_at timestamptz)
      join device d on d.id = x.device_id`,
  );
}
