/** Lines of the machine log (`/device-journal`), written by routes and by the gateway. */
import { sql } from 'drizzle-orm';
import type { DeviceLogMessageKey, DeviceLogMessages } from '@brewfleet/contracts/resources/device-records';
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

/** A message key with its parameters; a key that takes none needs none. */
export type LogMessage = {
  [K in DeviceLogMessageKey]: DeviceLogMessages[K] extends Record<string, never>
    ? { key: K; params?: undefined }
    : { key: K; params: DeviceLogMessages[K] };
}[DeviceLogMessageKey];

/**
 * `message` is the English text (searched, and what the console shows for lines written before
 * lines had keys); `key` and `params` let the console word the line in the reader's language.
 */
export type LogLine = {
  deviceId: string;
  kind: LogKind;
  message: string;
  at?: string;
} & LogMessage;

/**
 * Append lines in one statement; each takes the machine's tenant and serial number from its row, so
 * a line is always visible to exactly those who see the machine.
 */
export async function appendDeviceLog(db: Db, lines: LogLine[]): Promise<void> {
  if (!lines.length) return;
  const payload = JSON.stringify(
    lines.map((l) => ({
      device_id: l.deviceId,
      kind: l.kind,
      message: l.message,
      message_key: l.key ?? null,
      params: l.params ?? null,
      at: l.at ?? null,
    })),
  );
  await db.execute(sql`
    insert into device_log (merchant_id, store_id, device_id, serial_number, kind, message, message_key, params, at)
    select d.merchant_id, d.store_id, d.id, d.serial_number, x.kind, x.message, x.message_key, x.params,
           coalesce(x.at, now())
    from jsonb_to_recordset(${payload}::jsonb) as x(device_id bigint, kind text, message text, message_key text,
         params jsonb, at timestamptz)
    join device d on d.id = x.device_id`);
}
