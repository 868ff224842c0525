/**
 * Maintenance counters, as subscribers of fleet's events (docs/device-protocol.md §4.6): completed
 * cups count toward the model's basic and deep maintenance intervals; a completed basic cleaning
 * resets the basic count, a deep one both. They live on the machine's row until maintenance becomes
 * a module of its own, which will take these two subscribers with it.
 */
import { sql } from 'drizzle-orm';
import { subscribe } from '../../platform/events/domain-events.ts';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export const maintenanceSubscribers = [
  subscribe('fleet.cupRecorded', 'fleet: maintenance counters count cups', async (tx, cups) => {
    const counts = new Map<string, number>();
    for (const c of cups)
      if (c.result === 'completed') counts.set(c.deviceId, (counts.get(c.deviceId) ?? 0) + 1);
    if (!counts.size) return;
    await tx.execute(sql`
      update device d set cups_since_basic = d.cups_since_basic + x.n, cups_since_deep = d.cups_since_deep + x.n,
        maintenance_due = d.cups_since_basic + x.n >= m.basic_maintenance_cups or d.cups_since_deep + x.n >= m.deep_maintenance_cups,
        updated_at = now()
      from jsonb_to_recordset(${json([...counts].map(([id, n]) => ({ id, n })))}) as x(id bigint, n int), device_model m
      where d.id = x.id and m.id = d.model_id`);
  }),
  subscribe('fleet.cleaningDone', 'fleet: maintenance counters reset by cleanings', async (tx, cleanings) => {
    const resets = cleanings.filter((c) => c.result === 'completed' && c.kind !== 'rinse');
    if (!resets.length) return;
    await tx.execute(sql`
      update device d set
        cups_since_basic = 0,
        last_basic_maintenance_at = greatest(d.last_basic_maintenance_at, x.at),
        cups_since_deep = case when x.deep then 0 else d.cups_since_deep end,
        last_deep_maintenance_at = case when x.deep then greatest(d.last_deep_maintenance_at, x.at) else d.last_deep_maintenance_at end,
        maintenance_due = not x.deep and d.cups_since_deep >= m.deep_maintenance_cups,
        updated_at = now()
      from (select device_id, max(at) as at, bool_or(deep) as deep
            from jsonb_to_recordset(${json(resets.map((c) => ({ device_id: c.deviceId, at: c.at, deep: c.kind === 'deep' })))})
                 as r(device_id bigint, at timestamptz, deep boolean) group by device_id) x, device_model m
      where d.id = x.device_id and m.id = d.model_id`);
  }),
];
