/**
 * Each machine's counters and state computed from the history just written, as the gateway keeps
 * them: total cups, cups since the last completed basic (or deep) and deep cleaning against its
 * model's intervals, the alarm and fault codes of its open faults, and when it was last heard of.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { MachineHistory } from './timeline.ts';

export async function writeDeviceState(db: Db, histories: MachineHistory[]): Promise<void> {
  const list = histories.map((h) => ({
    id: h.machine.id,
    online: !h.offline.some((o) => !o.to),
    last_seen_at: h.lastSeenAt.toISOString(),
  }));
  await db.execute(sql`
    with x as (select * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
                 as x(id bigint, online boolean, last_seen_at timestamptz)),
    cleaned as (
      select x.id,
             max(c.cleaned_at) filter (where c.kind in ('basic', 'deep')) as basic_at,
             max(c.cleaned_at) filter (where c.kind = 'deep') as deep_at
      from x left join cleaning_record c on c.device_id = x.id and c.result = 'completed'
      group by x.id),
    counted as (
      select k.id, k.basic_at, k.deep_at,
             count(p.id) as total,
             count(p.id) filter (where p.produced_at > coalesce(k.basic_at, '-infinity')) as since_basic,
             count(p.id) filter (where p.produced_at > coalesce(k.deep_at, '-infinity')) as since_deep
      from cleaned k left join production_record p on p.device_id = k.id and p.result = 'completed'
      group by k.id, k.basic_at, k.deep_at),
    open_faults as (
      select x.id, jsonb_agg(f.code order by f.raised_at) filter (where f.id is not null) as codes,
             bool_or(f.severity = 'critical') as critical
      from x left join fault_log f on f.device_id = x.id and f.active
      group by x.id)
    update device d set
      total_cups = k.total, cups_since_basic = k.since_basic, cups_since_deep = k.since_deep,
      last_basic_maintenance_at = k.basic_at, last_deep_maintenance_at = k.deep_at,
      maintenance_due = k.since_basic >= m.basic_maintenance_cups or k.since_deep >= m.deep_maintenance_cups,
      alarm = o.codes is not null, fault_codes = coalesce(o.codes, '[]'::jsonb),
      state = case when coalesce(o.critical, false) then 'fault' else 'idle' end,
      online = x.online, last_seen_at = x.last_seen_at, updated_at = now()
    from x, counted k, open_faults o, device_model m
    where d.id = x.id and k.id = x.id and o.id = x.id and m.id = d.model_id`);
}
