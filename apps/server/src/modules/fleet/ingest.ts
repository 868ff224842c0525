/**
 * The gateway's write step: one batch of what machines sent, written in one transaction with a few
 * set-based statements (rows travel as one JSON parameter each, the same on PostgreSQL and PGlite).
 * Event ids make every insert idempotent: a resent batch adds nothing.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ackMessage,
  cleaningEvent,
  faultEvent,
  materialEvent,
  productionEvent,
} from '@brewfleet/contracts';
import { MAX_CLOCK_SKEW_SECONDS } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { appendDeviceLog, type LogLine } from './device-log.ts';
import { refreshChannels, refreshDeviceShortage } from './channels.ts';
import { refreshMenuStatus, refreshReleases } from './menu-state.ts';

/** A machine as the gateway knows it. */
export interface KnownDevice {
  id: string;
  serialNumber: string;
  /**
   * Whether its clock is off, as its latest status or heartbeat showed: while it is right, the
   * times of its events are kept however old (events it buffered while offline).
   */
  clockSkewed?: boolean;
}

/** What one machine's presence messages (status, heartbeat) amount to within a batch. */
export interface Presence {
  online?: boolean;
  lastSeenAt?: string;
  state?: string;
  locked?: boolean;
  faultCodes?: string[];
  firmware?: string;
  /** The menu an online status reported (null: none); undefined when no status said. */
  menuVersion?: string | null;
  clockSkewed?: boolean;
}

export interface Batch {
  production: Array<{
    device: KnownDevice;
    e: z.infer<typeof productionEvent>;
    at: string;
    receivedAt: string;
  }>;
  faults: Array<{ device: KnownDevice; e: z.infer<typeof faultEvent>; at: string }>;
  cleanings: Array<{ device: KnownDevice; e: z.infer<typeof cleaningEvent>; at: string }>;
  materials: Array<{ device: KnownDevice; e: z.infer<typeof materialEvent>; at: string }>;
  presence: Map<KnownDevice, Presence>;
  acks: Array<{ device: KnownDevice; m: z.infer<typeof ackMessage> }>;
}

export const emptyBatch = (): Batch => ({
  production: [],
  faults: [],
  cleanings: [],
  materials: [],
  presence: new Map(),
  acks: [],
});

export const batchSize = (b: Batch) =>
  b.production.length +
  b.faults.length +
  b.cleanings.length +
  b.materials.length +
  b.presence.size +
  b.acks.length;

export interface BatchResult {
  inserted: number;
  duplicates: number;
  /** Machines that came online in this batch: their queued commands can go now. */
  cameOnline: number;
  /** Command rows whose state changed. */
  commandsChanged: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function writeBatch(tx: Db, b: Batch): Promise<BatchResult> {
  const log: LogLine[] = [];
  const result: BatchResult = { inserted: 0, duplicates: 0, cameOnline: 0, commandsChanged: 0 };
  await writePresence(tx, b, log, result);
  await writeProduction(tx, b, result);
  await writeFaults(tx, b, log, result);
  await writeCleanings(tx, b, log, result);
  await writeMaterials(tx, b, log);
  await writeAcks(tx, b, log, result);
  await appendDeviceLog(tx, log);
  return result;
}

async function writeProduction(tx: Db, b: Batch, result: BatchResult) {
  if (!b.production.length) return;
  const payload = b.production.map(({ device, e, at, receivedAt }) => ({
    device_id: device.id,
    event_id: e.eventId,
    produced_at: at,
    product_code: e.productCode,
    recipe_version: e.recipeVersion ?? null,
    method: e.method,
    result: e.result,
    bad_cup: e.badCup,
    started_at: e.startedAt,
    cup_out_seconds: e.cupOutSeconds,
    extraction_seconds: e.extractionSeconds ?? null,
    coffee: e.coffee ?? null,
    tea: e.tea ?? null,
    materials: e.materials,
    received_at: receivedAt,
  }));
  const inserted = await rows<{ device_id: string; result: string }>(
    tx,
    sql`insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
          product_code, recipe_version, method, result, bad_cup, started_at, cup_out_seconds, extraction_seconds,
          coffee, tea, materials, received_at)
        select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.produced_at, x.product_code,
               x.recipe_version, x.method, x.result, x.bad_cup, x.started_at, x.cup_out_seconds, x.extraction_seconds,
               x.coffee, x.tea, x.materials, x.received_at
        from jsonb_to_recordset(${json(payload)}) as x(device_id bigint, event_id text, produced_at timestamptz,
             product_code text, recipe_version text, method text, result text, bad_cup boolean, started_at timestamptz,
             cup_out_seconds float8, extraction_seconds float8, coffee jsonb, tea jsonb, materials jsonb,
             received_at timestamptz)
        join device d on d.id = x.device_id
        on conflict (device_id, event_id) do nothing
        returning device_id::text, result`,
  );
  result.inserted += inserted.length;
  result.duplicates += payload.length - inserted.length;
  const cups = new Map<string, number>();
  for (const r of inserted)
    if (r.result === 'completed') cups.set(r.device_id, (cups.get(r.device_id) ?? 0) + 1);
  if (!cups.size) return;
  await tx.execute(sql`
    update device d set total_cups = d.total_cups + x.n, cups_since_basic = d.cups_since_basic + x.n,
      cups_since_deep = d.cups_since_deep + x.n,
      maintenance_due = d.cups_since_basic + x.n >= m.basic_maintenance_cups or d.cups_since_deep + x.n >= m.deep_maintenance_cups,
      updated_at = now()
    from jsonb_to_recordset(${json([...cups].map(([id, n]) => ({ id, n })))}) as x(id bigint, n int), device_model m
    where d.id = x.id and m.id = d.model_id`);
}

async function writeFaults(tx: Db, b: Batch, log: LogLine[], result: BatchResult) {
  const raised = b.faults.filter((f) => f.e.type === 'fault');
  const cleared = b.faults.filter((f) => f.e.type === 'fault-cleared');
  if (raised.length) {
    const payload = raised.map(({ device, e, at }) => ({
      device_id: device.id,
      event_id: e.eventId,
      code: e.code,
      message: e.message ?? null,
      severity: e.severity,
      at,
    }));
    const inserted = await rows<{
      device_id: string;
      code: string;
      message: string | null;
      raised_at: string;
    }>(
      tx,
      sql`insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, message, severity, raised_at)
          select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.code, x.message, x.severity, x.at
          from jsonb_to_recordset(${json(payload)}) as x(device_id bigint, event_id text, code text, message text,
               severity text, at timestamptz)
          join device d on d.id = x.device_id
          on conflict (device_id, event_id) do nothing
          returning device_id::text, code, message, raised_at::text`,
    );
    result.inserted += inserted.length;
    result.duplicates += payload.length - inserted.length;
    for (const f of inserted)
      log.push({
        deviceId: f.device_id,
        kind: 'fault',
        // The code and message are the machine's words; only the frame around them is translated.
        ...(f.message
          ? { key: 'fault' as const, params: { code: f.code, message: f.message } }
          : { key: 'faultCode' as const, params: { code: f.code } }),
        message: `${f.code}${f.message ? `: ${f.message}` : ''}`,
        at: f.raised_at,
      });
  }
  if (cleared.length) {
    const payload = cleared.map(({ device, e, at }) => ({ device_id: device.id, code: e.code, at }));
    const closed = await rows<{ device_id: string; code: string; cleared_at: string }>(
      tx,
      sql`update fault_log f set active = false, cleared_at = x.at, updated_at = now()
          from jsonb_to_recordset(${json(payload)}) as x(device_id bigint, code text, at timestamptz)
          where f.device_id = x.device_id and f.code = x.code and f.active and f.raised_at <= x.at
          returning f.device_id::text, f.code, f.cleared_at::text`,
    );
    for (const f of closed)
      log.push({
        deviceId: f.device_id,
        kind: 'fault-cleared',
        key: 'faultCleared',
        params: { code: f.code },
        message: f.code,
        at: f.cleared_at,
      });
  }
  const touched = [...new Set(b.faults.map((f) => f.device.id))];
  if (touched.length)
    await tx.execute(sql`
      update device d set alarm = exists (select 1 from fault_log f where f.device_id = d.id and f.active), updated_at = now()
      where d.id in ${touched}`);
}

async function writeCleanings(tx: Db, b: Batch, log: LogLine[], result: BatchResult) {
  if (!b.cleanings.length) return;
  const payload = b.cleanings.map(({ device, e, at }) => ({
    device_id: device.id,
    event_id: e.eventId,
    kind: e.kind,
    result: e.result,
    duration: e.durationSeconds,
    at,
  }));
  const inserted = await rows<{ device_id: string; kind: string; result: string; cleaned_at: string }>(
    tx,
    sql`insert into cleaning_record (merchant_id, store_id, device_id, serial_number, event_id, kind, result, duration_seconds, cleaned_at)
        select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.kind, x.result, x.duration, x.at
        from jsonb_to_recordset(${json(payload)}) as x(device_id bigint, event_id text, kind text, result text,
             duration float8, at timestamptz)
        join device d on d.id = x.device_id
        on conflict (device_id, event_id) do nothing
        returning device_id::text, kind, result, cleaned_at::text`,
  );
  result.inserted += inserted.length;
  result.duplicates += payload.length - inserted.length;
  for (const c of inserted)
    log.push({
      deviceId: c.device_id,
      kind: 'cleaning',
      key: 'cleaning',
      params: { kind: c.kind, result: c.result },
      message: `${c.kind}: ${c.result}`,
      at: c.cleaned_at,
    });
  // A completed basic cleaning resets the basic counter; a deep one both.
  const resets = inserted.filter((c) => c.result === 'completed' && c.kind !== 'rinse');
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
          from jsonb_to_recordset(${json(resets.map((c) => ({ device_id: c.device_id, at: c.cleaned_at, deep: c.kind === 'deep' })))})
               as r(device_id bigint, at timestamptz, deep boolean) group by device_id) x, device_model m
    where d.id = x.device_id and m.id = d.model_id`);
}

async function writeMaterials(tx: Db, b: Batch, log: LogLine[]) {
  if (!b.materials.length) return;
  // The latest level per channel, and the latest time within the batch it went up (a refill).
  const latest = new Map<
    string,
    {
      device_id: string;
      channel: number;
      grams: number;
      capacity: number;
      at: string;
      refill_at: string | null;
    }
  >();
  for (const { device, e, at } of [...b.materials].sort((x, y) => x.at.localeCompare(y.at))) {
    for (const l of e.levels) {
      const key = `${device.id}/${l.channel}`;
      const before = latest.get(key);
      const refill =
        before && l.grams > before.grams + Math.max(l.capacityG * 0.2, 1) ? at : (before?.refill_at ?? null);
      latest.set(key, {
        device_id: device.id,
        channel: l.channel,
        grams: l.grams,
        capacity: l.capacityG,
        at,
        refill_at: refill,
      });
    }
  }
  const changed = await rows<{ device_id: string; channel_number: number; refilled: boolean; at: string }>(
    tx,
    sql`insert into device_channel as c (merchant_id, store_id, device_id, name, channel_number, capacity_g, level_g, level_at, filled_at)
        select d.merchant_id, d.store_id, d.id, 'Channel ' || x.channel, x.channel, x.capacity, x.grams, x.at, x.refill_at
        from jsonb_to_recordset(${json([...latest.values()])}) as x(device_id bigint, channel int, grams float8,
             capacity float8, at timestamptz, refill_at timestamptz)
        join device d on d.id = x.device_id
        on conflict (device_id, channel_number) do update set
          level_g = excluded.level_g, level_at = excluded.level_at,
          capacity_g = coalesce(c.capacity_g, excluded.capacity_g),
          filled_at = case
            when excluded.filled_at is not null then excluded.filled_at
            when excluded.level_g > coalesce(c.level_g, 0) + greatest(coalesce(c.capacity_g, excluded.capacity_g) * 0.2, 1)
              then excluded.level_at
            else c.filled_at end,
          updated_at = now()
        where c.level_at is null or c.level_at <= excluded.level_at
        returning c.device_id::text, c.channel_number, c.filled_at = c.level_at as refilled, c.level_at::text as at`,
  );
  for (const c of changed.filter((r) => r.refilled))
    log.push({
      deviceId: c.device_id,
      kind: 'channel-refill',
      key: 'channelRefill',
      params: { channel: c.channel_number },
      message: `channel ${c.channel_number}`,
      at: c.at,
    });
  const devices = [...new Set(changed.map((c) => c.device_id))];
  if (devices.length) await refreshChannels(tx, sql`c.device_id in ${devices}`);
}

async function writePresence(tx: Db, b: Batch, log: LogLine[], result: BatchResult) {
  if (!b.presence.size) return;
  const payload = [...b.presence].map(([device, p]) => ({
    id: device.id,
    online: p.online ?? null,
    last_seen_at: p.lastSeenAt ?? null,
    state: p.state ?? null,
    locked: p.locked ?? null,
    fault_codes: p.faultCodes ?? null,
    firmware: p.firmware ?? null,
    menu_reported: p.menuVersion !== undefined,
    menu_version: p.menuVersion ?? null,
    clock_skewed: p.clockSkewed ?? null,
  }));
  // `old` is read before the update: the log records transitions, not every message.
  const changed = await rows<{
    id: string;
    was_online: boolean;
    online: boolean;
    was_locked: boolean;
    locked: boolean;
    was_state: string | null;
    state: string | null;
    was_skewed: boolean;
    clock_skewed: boolean;
  }>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${json(payload)}) as x(id bigint, online boolean, last_seen_at timestamptz,
                    state text, locked boolean, fault_codes jsonb, firmware text, menu_reported boolean, menu_version text, clock_skewed boolean)),
             old as (select d.id, d.online, d.locked, d.state, d.clock_skewed from device d join x on x.id = d.id for update of d)
        update device d set
          online = coalesce(x.online, d.online),
          last_seen_at = coalesce(greatest(x.last_seen_at, d.last_seen_at), d.last_seen_at),
          state = case when x.online = false then d.state else coalesce(x.state, d.state) end,
          locked = coalesce(x.locked, d.locked),
          fault_codes = coalesce(x.fault_codes, d.fault_codes),
          alarm = case when x.fault_codes is null then d.alarm else jsonb_array_length(x.fault_codes) > 0 end,
          firmware = coalesce(x.firmware, d.firmware),
          menu_version = case when x.menu_reported then x.menu_version else d.menu_version end,
          clock_skewed = coalesce(x.clock_skewed, d.clock_skewed),
          updated_at = case when (coalesce(x.online, d.online), coalesce(x.locked, d.locked), coalesce(x.state, d.state),
                                  coalesce(x.fault_codes, d.fault_codes))
                                 is distinct from (d.online, d.locked, d.state, d.fault_codes)
                            then now() else d.updated_at end
        from x, old where d.id = x.id and old.id = x.id
        returning d.id::text, old.online as was_online, d.online, old.locked as was_locked, d.locked,
                  old.state as was_state, d.state, old.clock_skewed as was_skewed, d.clock_skewed`,
  );
  for (const c of changed) {
    if (c.online !== c.was_online) {
      log.push({
        deviceId: c.id,
        kind: c.online ? 'online' : 'offline',
        key: c.online ? 'online' : 'offline',
        message: c.online ? 'online' : 'offline',
      });
      if (c.online) result.cameOnline++;
    }
    if (c.locked !== c.was_locked)
      log.push({
        deviceId: c.id,
        kind: 'state',
        key: c.locked ? 'locked' : 'unlocked',
        message: c.locked ? 'locked' : 'unlocked',
      });
    if (c.state !== c.was_state && c.state)
      log.push({
        deviceId: c.id,
        kind: 'state',
        key: 'machineState',
        params: { state: c.state },
        message: c.state,
      });
    if (c.clock_skewed && !c.was_skewed)
      log.push({
        deviceId: c.id,
        kind: 'clock-skew',
        key: 'clockSkew',
        params: { seconds: MAX_CLOCK_SKEW_SECONDS },
        message: `machine clock off by more than ${MAX_CLOCK_SKEW_SECONDS} s`,
      });
  }
  await refreshMenuStatus(
    tx,
    payload.filter((p) => p.menu_reported).map((p) => p.id),
  );
  // A status that lists the active faults is the truth: faults it no longer lists are over.
  const reported = payload.filter((p) => p.fault_codes);
  if (reported.length)
    await tx.execute(sql`
      update fault_log f set active = false, cleared_at = now(), updated_at = now()
      from jsonb_to_recordset(${json(reported.map((p) => ({ id: p.id, codes: p.fault_codes })))}) as x(id bigint, codes jsonb)
      where f.device_id = x.id and f.active and not (x.codes ? f.code)`);
}

const STAGE_RANK = { received: 0, succeeded: 1, failed: 1 } as const;

async function writeAcks(tx: Db, b: Batch, log: LogLine[], result: BatchResult) {
  if (!b.acks.length) return;
  // One row per command: its furthest stage in this batch (an UPDATE … FROM applies one match only).
  const furthest = new Map<
    string,
    { device_id: string; command_id: string; stage: string; reason: string | null; details: unknown }
  >();
  for (const { device, m } of b.acks) {
    const key = `${device.id}/${m.commandId}`;
    const before = furthest.get(key);
    if (before && STAGE_RANK[before.stage as keyof typeof STAGE_RANK] > STAGE_RANK[m.stage]) continue;
    furthest.set(key, {
      device_id: device.id,
      command_id: m.commandId,
      stage: m.stage,
      reason: m.reason ?? null,
      details: m.details ?? null,
    });
  }
  const changed = await rows<{
    device_id: string;
    type: string;
    state: string;
    reason: string | null;
    menu_release_id: string | null;
    version: string | null;
    channel_numbers: number[] | null;
  }>(
    tx,
    sql`update device_command c set
          state = case when x.stage = 'received' then 'acknowledged' else x.stage end,
          acknowledged_at = coalesce(c.acknowledged_at, now()),
          finished_at = case when x.stage = 'received' then c.finished_at else now() end,
          reason = coalesce(x.reason, c.reason),
          -- A machine's reason is its own words: no key of the server's goes with it.
          reason_key = case when x.reason is null then c.reason_key end,
          reason_params = case when x.reason is null then c.reason_params end,
          details = coalesce(x.details, c.details),
          updated_at = now()
        from jsonb_to_recordset(${json([...furthest.values()])}) as x(device_id bigint, command_id text, stage text, reason text,
             details jsonb)
        where c.command_id = x.command_id and c.device_id = x.device_id
          and c.state in ('queued', 'sent', 'acknowledged')
          and not (x.stage = 'received' and c.state = 'acknowledged')
        returning c.device_id::text, c.type, c.state, c.reason, c.menu_release_id::text, c.params->>'version' as version,
                  case when c.type = 'channels' then array(select (ch->>'channel')::int
                                                           from jsonb_array_elements(c.params->'channels') ch) end as channel_numbers`,
  );
  result.commandsChanged += changed.length;
  // A machine that took a menu runs it from now on; its release counts move.
  const adopted = changed.filter((c) => c.type === 'menu' && c.state === 'succeeded');
  if (adopted.length) {
    await tx.execute(sql`
      update device d set menu_version = x.version, updated_at = now()
      from jsonb_to_recordset(${json(adopted.map((c) => ({ id: c.device_id, version: c.version })))}) as x(id bigint, version text)
      where d.id = x.id`);
    await refreshMenuStatus(
      tx,
      adopted.map((c) => c.device_id),
    );
  }
  // A machine that took a channel layout has only its channels: a level it reported for a dropped
  // channel while the layout was on its way (which recreated the row) is of a channel gone now.
  const layouts = changed.filter((c) => c.type === 'channels' && c.state === 'succeeded');
  if (layouts.length) {
    await tx.execute(sql`
      delete from device_channel c
      using jsonb_to_recordset(${json(layouts.map((c) => ({ id: c.device_id, numbers: c.channel_numbers ?? [] })))})
            as x(id bigint, numbers int[])
      where c.device_id = x.id and not (c.channel_number = any (x.numbers))`);
    await refreshDeviceShortage(
      tx,
      layouts.map((c) => c.device_id),
    );
  }
  await refreshReleases(tx, [
    ...new Set(changed.map((c) => c.menu_release_id).filter((id): id is string => !!id)),
  ]);
  for (const c of changed)
    if (c.state !== 'acknowledged')
      log.push({
        deviceId: c.device_id,
        kind: 'command',
        // A reason is the machine's words (a rejected menu's): passed on untranslated.
        ...(c.reason
          ? {
              key: 'commandFinishedReason' as const,
              params: { type: c.type, state: c.state, reason: c.reason },
            }
          : { key: 'commandFinished' as const, params: { type: c.type, state: c.state } }),
        message: `${c.type}: ${c.state}${c.reason ? ` (${c.reason})` : ''}`,
      });
}
