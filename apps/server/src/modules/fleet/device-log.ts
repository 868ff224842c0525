/** Lines of the machine log (`/device-journal`), written by routes and by the gateway. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

export type LogKind =
  | 'online'
  | 'offline'
  | 'fault'
  | 'fault-cleared'
  | 'cleaning'
  | 'command'
  | 'state'
  | 'bind'
  | 'credentials'
  | 'clock-skew'
  | 'channel-refill';

export interface LogLine {
  deviceId: string;
  kind: LogKind;
  message: string;
  at?: string;
}

/**
 * Append lines in one statement; each takes the machine's tenant and serial number from its row, so
 * a line is always visible to exactly those who see the machine.
 */
export async function appendDeviceLog(db: Db, lines: LogLine[]): Promise<void> {
  if (!lines.length) return;
  const payload = JSON.stringify(
    lines.map((l) => ({ device_id: l.deviceId, kind: l.kind, message: l.message, at: l.at ?? null })),
  );
  await db.execute(sql`
    insert into device_log (merchant_id, store_id, device_id, serial_number, kind, message, at)
    select d.merchant_id, d.store_id, d.id, d.serial_number, x.kind, x.message, coalesce(x.at, now())
    from jsonb_to_recordset(${payload}::jsonb) as x(device_id bigint, kind text, message text, at timestamptz)
    join device d on d.id = x.device_id`);
}
