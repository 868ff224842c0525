/**
 * The gateway's write step: one batch of what machines sent, written in one transaction with a few
 * set-based statements (rows travel as one JSON parameter each, the same on PostgreSQL and PGlite).
 * Event ids make every insert idempotent: a resent batch adds nothing.
 *
 * It writes only fleet's own facts (machines, cups, faults, cleanings, commands) and publishes what
 * happened as domain events in the same transaction (contracts `DomainEventMap`); what other parts
 * derive — channel levels, maintenance counters, menu status and release progress — are their
 * subscribers (docs/architecture.md, "Events").
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
import {
  MAX_CLOCK_SKEW_SECONDS,
  type CommandFinished,
  type CupRecorded,
  type MachineStatusChanged,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import { appendDeviceLog, type LogLine } from './device-log.ts';
import { refOf } from './command-ref.ts';
import type { AnyMachineEventWriter, ReportedEvent } from './machine-events.ts';

/** A machine as the gateway knows it. */
export interface KnownDevice {
  id: string;
  serialNumber: string;
  /** Its merchant and store when the gateway looked it up (a rebind drops the cached entry). */
  merchantId?: string | null;
  storeId?: string | null;
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
  /** The time `faultCodes` speak for: the status's `ts`, its receive time while the clock is off; none without a ts. */
  faultCodesAt?: string;
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
  /** Events other modules write (machine-events.ts), by their writer, in the order accepted. */
  reported: Map<AnyMachineEventWriter, ReportedEvent<{ eventId: string; ts: string }>[]>;
}

export const emptyBatch = (): Batch => ({
  production: [],
  faults: [],
  cleanings: [],
  materials: [],
  presence: new Map(),
  acks: [],
  reported: new Map(),
});

export const batchSize = (b: Batch) =>
  b.production.length +
  b.faults.length +
  b.cleanings.length +
  b.materials.length +
  b.presence.size +
  b.acks.length +
  [...b.reported.values()].reduce((n, list) => n + list.length, 0);

export interface BatchResult {
  inserted: number;
  duplicates: number;
  /** Machines that came online in this batch: their queued commands can go now. */
  cameOnline: number;
  /** Commands unanswered by a machine that said it is online: published again now. */
  commandsDue: number;
  /** Command rows whose state changed. */
  commandsChanged: number;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export async function writeBatch(tx: Db, b: Batch, events: Publisher): Promise<BatchResult> {
  const log: LogLine[] = [];
  const result: BatchResult = {
    inserted: 0,
    duplicates: 0,
    cameOnline: 0,
    commandsDue: 0,
    commandsChanged: 0,
  };
  await writePresence(tx, b, log, result, events);
  for (const [writer, reported] of b.reported) {
    if (!reported.length) continue;
    const written = await writer.write(tx, reported, events);
    result.inserted += written.inserted;
    result.duplicates += written.duplicates;
  }
  await writeProduction(tx, b, result, events);
  await writeFaults(tx, b, log, result, events);
  await closeUnlistedFaults(tx, b, events);
  await writeCleanings(tx, b, log, result, events);
  await writeMaterials(tx, b, events);
  await writeAcks(tx, b, log, result, events);
  await appendDeviceLog(tx, log);
  return result;
}

async function writeProduction(tx: Db, b: Batch, result: BatchResult, events: Publisher) {
  if (!b.production.length) return;
  // The bulk of what machines send: each cup as an array, not an object (no key names repeated
  // 5,000 times for JSON.stringify to write and PostgreSQL to parse; ~20 % less PostgreSQL CPU).
  const payload = b.production.map(({ device, e, at, receivedAt }) => [
    device.id,
    e.eventId,
    at,
    e.productCode,
    e.recipeVersion ?? null,
    e.method,
    e.result,
    e.badCup,
    e.startedAt,
    e.cupOutSeconds,
    e.extractionSeconds ?? null,
    e.coffee ?? null,
    e.tea ?? null,
    e.materials,
    receivedAt,
    e.order?.orderNo ?? null,
    e.order?.line ?? null,
  ]);
  const inserted = await rows<{
    device_id: string;
    merchant_id: string | null;
    store_id: string | null;
    event_id: string;
  }>(
    tx,
    sql`insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
          product_code, recipe_version, method, result, bad_cup, started_at, cup_out_seconds, extraction_seconds,
          coffee, tea, materials, received_at, order_no, order_line)
        select d.merchant_id, d.store_id, d.id, d.serial_number, r->>1, (r->>2)::timestamptz, r->>3, r->>4, r->>5,
               r->>6, (r->>7)::boolean, (r->>8)::timestamptz, (r->>9)::float8, (r->>10)::float8,
               nullif(r->11, 'null'), nullif(r->12, 'null'), r->13, (r->>14)::timestamptz, r->>15, (r->>16)::int
        from jsonb_array_elements(${json(payload)}) r
        join device d on d.id = (r->>0)::bigint
        on conflict (device_id, event_id) do nothing
        -- only the keys: the rest of each cup is in the payload (less for PostgreSQL to send, and us to read)
        returning device_id::text, merchant_id::text, store_id::text, event_id`,
  );
  result.inserted += inserted.length;
  result.duplicates += payload.length - inserted.length;
  const sent = new Map(b.production.map((p) => [`${p.device.id}/${p.e.eventId}`, p]));
  const recorded: CupRecorded[] = [];
  const cups = new Map<string, number>();
  for (const r of inserted) {
    const { e, at } = sent.get(`${r.device_id}/${r.event_id}`)!;
    recorded.push({
      deviceId: r.device_id,
      merchantId: r.merchant_id,
      storeId: r.store_id,
      eventId: r.event_id,
      productCode: e.productCode,
      result: e.result,
      badCup: e.badCup,
      order: e.order ?? null,
      at,
    });
    if (e.result === 'completed') cups.set(r.device_id, (cups.get(r.device_id) ?? 0) + 1);
  }
  if (cups.size)
    await tx.execute(sql`
      update device d set total_cups = d.total_cups + x.n, updated_at = now()
      from jsonb_to_recordset(${json([...cups].map(([id, n]) => ({ id, n })))}) as x(id bigint, n int)
      where d.id = x.id`);
  await events.publish(tx, 'fleet.cupRecorded', recorded);
}

async function writeFaults(tx: Db, b: Batch, log: LogLine[], result: BatchResult, events: Publisher) {
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
      severity: string;
      raised_at: string;
    }>(
      tx,
      sql`insert into fault_log (merchant_id, store_id, device_id, serial_number, event_id, code, message, severity, raised_at)
          select d.merchant_id, d.store_id, d.id, d.serial_number, x.event_id, x.code, x.message, x.severity, x.at
          from jsonb_to_recordset(${json(payload)}) as x(device_id bigint, event_id text, code text, message text,
               severity text, at timestamptz)
          join device d on d.id = x.device_id
          on conflict (device_id, event_id) do nothing
          returning device_id::text, code, message, severity, raised_at::text`,
    );
    result.inserted += inserted.length;
    result.duplicates += payload.length - inserted.length;
    await events.publish(
      tx,
      'fleet.faultRaised',
      inserted.map((f) => ({ deviceId: f.device_id, code: f.code, severity: f.severity, at: f.raised_at })),
    );
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
    await events.publish(
      tx,
      'fleet.faultCleared',
      closed.map((f) => ({ deviceId: f.device_id, code: f.code, at: f.cleared_at })),
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

/**
 * A status that lists the active faults is the truth: faults it no longer lists are over. Run after
 * the batch's fault events are written, and only on faults raised by the status's time: a machine
 * that raises a fault and clears it by its next status (both within one batch) has it closed, while
 * a fault raised after that status stays open. Written before the faults, the status would close
 * nothing and the fault event would then leave the machine in alarm with no fault code.
 */
async function closeUnlistedFaults(tx: Db, b: Batch, events: Publisher) {
  const reported = [...b.presence].flatMap(([device, p]) =>
    p.faultCodes ? [{ id: device.id, codes: p.faultCodes, at: p.faultCodesAt }] : [],
  );
  if (!reported.length) return;
  const closed = await rows<{ device_id: string; code: string; cleared_at: string }>(
    tx,
    sql`update fault_log f set active = false, cleared_at = now(), updated_at = now()
        from jsonb_to_recordset(${json(reported)}) as x(id bigint, codes jsonb, at timestamptz)
        where f.device_id = x.id and f.active and not (x.codes ? f.code) and (x.at is null or f.raised_at <= x.at)
        returning f.device_id::text, f.code, f.cleared_at::text`,
  );
  if (!closed.length) return;
  const ids = [...new Set(closed.map((f) => f.device_id))];
  await tx.execute(sql`
    update device d set alarm = jsonb_array_length(coalesce(d.fault_codes, '[]'::jsonb)) > 0
                                or exists (select 1 from fault_log f where f.device_id = d.id and f.active),
                        updated_at = now()
    where d.id in ${ids}`);
  await events.publish(
    tx,
    'fleet.faultCleared',
    closed.map((f) => ({ deviceId: f.device_id, code: f.code, at: f.cleared_at })),
  );
}

async function writeCleanings(tx: Db, b: Batch, log: LogLine[], result: BatchResult, events: Publisher) {
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
  await events.publish(
    tx,
    'fleet.cleaningDone',
    inserted.map((c) => ({
      deviceId: c.device_id,
      kind: c.kind as 'rinse' | 'basic' | 'deep',
      result: c.result,
      at: c.cleaned_at,
    })),
  );
}

/** Levels as reported; what they mean for the machine's channels is the channels' subscriber's. */
async function writeMaterials(tx: Db, b: Batch, events: Publisher) {
  await events.publish(
    tx,
    'fleet.levelsChanged',
    b.materials.map(({ device, e, at }) => ({ deviceId: device.id, at, levels: e.levels })),
  );
}

async function writePresence(tx: Db, b: Batch, log: LogLine[], result: BatchResult, events: Publisher) {
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
    shown_changed: boolean;
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
                  old.state as was_state, d.state, old.clock_skewed as was_skewed, d.clock_skewed,
                  -- updated_at moves only when something the console shows changed
                  d.updated_at = now() as shown_changed`,
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
  // A machine saying it is online (it connected, or its database row said so already — a restart of
  // the server, a demo's first start) has subscribed: a command it has not answered at all after
  // 5 s went to a connection that missed it (a fresh session, or sent before it subscribed). It goes
  // again now, not at its next retry (up to retryIntervalSeconds later); a machine answers a command
  // it has seen once (device-protocol.md §4.4).
  const saidOnline = payload.filter((p) => p.online === true).map((p) => p.id);
  if (saidOnline.length) {
    const due = await rows<{ n: number }>(
      tx,
      sql`with due as (
            update device_command set next_attempt_at = now()
             where device_id = any(${`{${saidOnline.join(',')}}`}::bigint[]) and state = 'sent'
               and next_attempt_at > now() and sent_at < now() - interval '5 seconds'
               and attempts < max_attempts and expires_at > now()
            returning 1)
          select count(*)::int as n from due`,
    );
    result.commandsDue += due[0]?.n ?? 0;
  }
  const reportedMenu = new Set(payload.filter((p) => p.menu_reported).map((p) => p.id));
  await events.publish(
    tx,
    'fleet.machineStatusChanged',
    changed
      .filter((c) => c.shown_changed || c.clock_skewed !== c.was_skewed || reportedMenu.has(c.id))
      .map((c): MachineStatusChanged => ({
        deviceId: c.id,
        online: c.online,
        ...(reportedMenu.has(c.id) ? { menuReported: true } : {}),
      })),
  );
}

const STAGE_RANK = { received: 0, succeeded: 1, failed: 1 } as const;

async function writeAcks(tx: Db, b: Batch, log: LogLine[], result: BatchResult, events: Publisher) {
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
    id: string;
    device_id: string;
    type: CommandFinished['type'];
    state: CommandFinished['state'] | 'acknowledged';
    reason: string | null;
    ref_kind: string | null;
    ref_id: string | null;
    params: Record<string, unknown> | null;
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
        -- the parameters without a menu command's menu body (up to 250 KB, which no subscriber reads)
        returning c.id::text, c.device_id::text, c.type, c.state, c.reason, c.ref_kind, c.ref_id::text,
                  c.params - 'menu' as params`,
  );
  result.commandsChanged += changed.length;
  await events.publish(
    tx,
    'fleet.commandChanged',
    changed
      .filter((c) => c.state === 'acknowledged')
      .map((c) => ({ deviceId: c.device_id, commandId: c.id, state: 'acknowledged' as const })),
  );
  await events.publish(
    tx,
    'fleet.commandFinished',
    changed.flatMap((c) =>
      c.state === 'acknowledged'
        ? []
        : [
            {
              deviceId: c.device_id,
              commandId: c.id,
              type: c.type,
              state: c.state,
              reason: c.reason,
              ref: refOf(c),
              params: c.params,
            },
          ],
    ),
  );
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
