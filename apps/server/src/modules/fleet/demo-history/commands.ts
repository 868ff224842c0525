/** Remote commands of the past weeks (locks overnight, restarts), finished long ago. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { insertJson } from './bulk.ts';
import type { MachineHistory } from './timeline.ts';

/** Who issued them: the platform's operator account of the demo. */
export const DEMO_ISSUER = 'operator';

export async function writeCommands(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.flatMap((h) =>
    h.commands.map((c) => ({
      device_id: h.machine.id,
      command_id: c.commandId,
      type: c.type,
      state: c.state,
      created_at: c.createdAt.toISOString(),
      finished_at: c.finishedAt.toISOString(),
    })),
  );
  await insertJson(
    db,
    list,
    (json) => sql`
      insert into device_command (merchant_id, store_id, device_id, serial_number, command_id, type, state, params,
                                  issued_by, attempts, max_attempts, retry_interval_seconds, next_attempt_at, expires_at,
                                  sent_at, acknowledged_at, finished_at, created_at, updated_at)
      select d.merchant_id, d.store_id, d.id, d.serial_number, x.command_id, x.type, x.state, '{}'::jsonb,
             ${DEMO_ISSUER}, case when x.state = 'expired' then coalesce(c.max_attempts, 5) else 1 end,
             coalesce(c.max_attempts, 5), coalesce(c.retry_interval_seconds, 30), x.created_at,
             x.created_at + make_interval(secs => coalesce(c.expiry_seconds, 600)), x.created_at,
             case when x.state = 'succeeded' then x.finished_at end, x.finished_at, x.created_at, x.finished_at
      from json_to_recordset(${json}) as x(device_id bigint, command_id text, type text, state text,
           created_at timestamptz, finished_at timestamptz)
      join device d on d.id = x.device_id
      left join command_config c on c.command_type = x.type`,
  );
}
