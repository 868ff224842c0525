/**
 * Fleet's service: what other modules may ask of the machines. The command service is the one way to
 * send a machine anything (a menu, a channel layout, a lock): a command of a type, for machines, with
 * parameters and a reference to what asked for it; fleet's delivery sends it, retries it, and the
 * machine's answers move it along. Others never name fleet's tables (test/table-ownership.test.ts).
 */
import { sql } from 'drizzle-orm';
import type { ChannelHolding, CommandType, IssuedCommand } from '@brewfleet/contracts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { visibleTo } from '../../platform/crud/scope.ts';
import type { Registered } from '../../platform/crud/types.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  endOpenCommands,
  joinOrQueueCommands,
  queueCommands,
  type CommandRequest,
  type PlainReasonKey,
} from './commands.ts';
import { notify } from '../../platform/events/notices.ts';
import type { Publisher } from '../../platform/events/domain-events.ts';
import type { FleetBus } from './fleet-bus.ts';
import { MachineEventWriters } from './machine-events.ts';
import { businessReports } from './business-reports.ts';

export type { MachineEventWriter, ReportedEvent } from './machine-events.ts';

export type { CommandRequest } from './commands.ts';

/** A machine as another module sees it: enough to build what it sends it. */
export interface MachineRef {
  id: string;
  serial_number: string;
  family: string | null;
  merchant_id: string | null;
  store_id: string | null;
}

/** The latest command of each machine for one reference (a release's progress). */
export interface MachineCommand {
  deviceId: string;
  serialNumber: string;
  name: string;
  online: boolean;
  commandId: string;
  state: string;
  attempts: number;
  reason: string | null;
  reasonKey: string | null;
  reasonParams: unknown;
  details: unknown;
  updatedAt: string;
}

const idArray = (ids: string[]) => `{${ids.join(',')}}`;
/** Cups linked to their orders per statement (reports.linkCupsToOrders): a megabyte of JSON at most. */
const LINK_CHUNK = 5000;

export function createFleetService(deps: { bus: FleetBus; devices: Registered; events: Publisher }) {
  const { bus, devices } = deps;
  const commands = {
    /** Queue one command per machine (its own parameters each, or the request's). */
    queue: (tx: Db, request: CommandRequest): Promise<IssuedCommand[]> => queueCommands(tx, request),
    /** The same, joining a machine's identical pending command instead of queuing another. */
    joinOrQueue: (tx: Db, request: CommandRequest): Promise<IssuedCommand[]> =>
      joinOrQueueCommands(tx, request),
    /**
     * Commands of `type` still on their way to these machines end as expired, for `reason`; the
     * release an older menu belonged to counts it as ended (menus' subscriber), live views too.
     */
    async supersede(tx: Db, type: CommandType, deviceIds: string[], reason: PlainReasonKey) {
      await endOpenCommands(tx, deps.events, { deviceIds, types: [type], reason });
    },
    /** Tell this process's delivery that commands wait (after the queuing transaction). */
    announce: () => bus.emit('commandsQueued'),
    /**
     * Per machine, the latest command a menu release asked for. A machine that moved to another
     * merchant since is still listed (by its serial number: it is no longer the caller's to name),
     * with the reason its command ended.
     */
    latestForRelease: (tx: Db, menuReleaseId: string) =>
      rows<MachineCommand>(
        tx,
        sql`select distinct on (c.device_id) c.device_id::text as "deviceId", c.serial_number as "serialNumber",
                   coalesce(d.name, c.serial_number) as name, coalesce(d.online, false) as online,
                   c.id::text as "commandId", c.state, c.attempts, c.reason,
                   c.reason_key as "reasonKey", c.reason_params as "reasonParams", c.details,
                   to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
            from device_command c left join device d on d.id = c.device_id
            where c.menu_release_id = ${menuReleaseId}
            order by c.device_id, c.created_at desc`,
      ),
  };

  const machines = {
    /**
     * A store's machines and listed machines, as `user` sees them (null: the system, for demo data);
     * at least one of the two must be given.
     */
    targets(tx: Db, user: AuthUser | null, storeId: string | null, deviceIds: string[]) {
      if (!storeId && !deviceIds.length)
        throw new AppError('msg.menuTargetsRequired', {}, [
          { field: 'deviceIds', message: 'msg.menuTargetsRequired' },
        ]);
      return rows<MachineRef>(
        tx,
        sql`select id::text, serial_number, family, merchant_id::text, store_id::text from device
            where (store_id = ${storeId} or id = any(${idArray(deviceIds)}::bigint[]))
              and ${visibleTo(devices, user) ?? sql`true`}
            order by serial_number`,
      );
    },
    /** Each store of the merchant and its descendants, with the families of its machines. */
    storeFamilies: (tx: Db, merchantId: string) =>
      rows<{ storeId: string; family: string }>(
        tx,
        sql`select distinct d.store_id::text as "storeId", d.family from device d
            join store s on s.id = d.store_id
            where s.merchant_id = any(merchant_subtree(${merchantId}::bigint)) and d.family is not null
            order by 1, 2`,
      ),
    /** The families of the machines of the merchant and its descendants. */
    async families(tx: Db, merchantId: string): Promise<string[]> {
      const found = await rows<{ family: string }>(
        tx,
        sql`select distinct family from device
            where merchant_id = any(merchant_subtree(${merchantId}::bigint)) and family is not null`,
      );
      return found.map((f) => f.family);
    },
    /**
     * The machines that hold a menu release: `running`, those that took it and still report its
     * version; `receiving`, those it is still on its way to. Machines that left the merchant whose
     * command they took (moved, commands ended) are not counted.
     */
    async holdingRelease(
      tx: Db,
      menuReleaseId: string,
      version: string,
    ): Promise<{ running: number; receiving: number }> {
      const [found] = await rows<{ running: number; receiving: number }>(
        tx,
        sql`select count(distinct d.id) filter (where c.state = 'succeeded' and d.menu_version = ${version})::int as running,
                   count(distinct d.id) filter (where c.state in ('queued', 'sent', 'acknowledged'))::int as receiving
            from device_command c join device d on d.id = c.device_id and d.merchant_id is not distinct from c.merchant_id
            where c.menu_release_id = ${menuReleaseId}`,
      );
      return found ?? { running: 0, receiving: 0 };
    },
    /** The menu version these machines should run; each reads as updated once it reports it. */
    async assignMenu(tx: Db, deviceIds: string[], version: string) {
      if (!deviceIds.length) return;
      await tx.execute(sql`
        update device set assigned_menu_version = ${version},
          menu_status = case when menu_version = ${version} then 'updated' else 'not-updated' end, updated_at = now()
        where id = any(${idArray(deviceIds)}::bigint[])`);
      // Live views show the menu status; nothing else derives from it.
      await notify(
        tx,
        'fleet.machineStatusChanged',
        deviceIds.map((deviceId) => ({ deviceId })),
      );
    },
  };

  const reports = {
    /** The home page's fleet figures (business-reports.ts): machine states, cups, faults, low channels. */
    ...businessReports,
    /**
     * The menu a machine was sent under `version` (the params of its latest `menu` command that
     * carried it and that it took), or null: what the machine's screen priced its orders from.
     */
    async menuSent(tx: Db, deviceId: string, version: string): Promise<unknown> {
      const [found] = await rows<{ menu: unknown }>(
        tx,
        sql`select params->'menu' as menu from device_command
            where device_id = ${deviceId} and type = 'menu' and params->>'version' = ${version}
            order by (state = 'succeeded') desc, created_at desc limit 1`,
      );
      return found?.menu ?? null;
    },
    /**
     * The machines of these stores (or these machines) as a customer sees them: name, family,
     * whether online and locked, and the menu version it runs when that version is one the server
     * sent it (`menuVersion` null otherwise: nothing to order from).
     */
    machinesOfStores: (tx: Db, where: { storeIds?: string[]; deviceIds?: string[] }) =>
      rows<ShopMachine>(
        tx,
        sql`select ${SHOP_MACHINE} from device d
            where d.store_id = any(${idArray(where.storeIds ?? [])}::bigint[])
               or d.id = any(${idArray(where.deviceIds ?? [])}::bigint[])
            order by d.name, d.id`,
      ),
    /**
     * One machine as machinesOfStores shows it (an app order, a machine's menu). By `id = $1`: with
     * an array or an OR, PostgreSQL plans the statement afresh at every call (~0.6 ms with the
     * tables' row-level security), this one once per connection.
     */
    shopMachine: async (tx: Db, deviceId: string): Promise<ShopMachine | undefined> =>
      (
        await rows<ShopMachine>(
          tx,
          sql`select ${SHOP_MACHINE} from device d where d.id = ${deviceId}::bigint`,
        )
      )[0],
    /**
     * What machines' channels hold, as they last reported (docs/device-protocol.md §4.6): each
     * channel's level (null before any report) and whether it is short — below its low level or past
     * its shelf life — by machine (a machine with no channel is absent). The ordering app says from it
     * which products are sold out, the delivery platform which items to suspend on Uber.
     */
    async channelSupply(tx: Db, deviceIds: readonly string[]): Promise<Map<string, ChannelHolding[]>> {
      const out = new Map<string, ChannelHolding[]>();
      if (!deviceIds.length) return out;
      const found = await rows<ChannelHolding & { deviceId: string }>(
        tx,
        sql`select device_id::text as "deviceId", channel_number as channel, level_g as "levelG", shortage
            from device_channel where device_id = any(${idArray([...deviceIds])}::bigint[])`,
      );
      for (const { deviceId, ...holding } of found)
        out.set(deviceId, [...(out.get(deviceId) ?? []), holding]);
      return out;
    },
    /** Machines' names and serial numbers, as the caller's scope sees them. */
    async machineNames(tx: Db, ids: string[]): Promise<Map<string, { name: string; serialNumber: string }>> {
      if (!ids.length) return new Map();
      const found = await rows<{ id: string; name: string; serial_number: string }>(
        tx,
        sql`select id::text, name, serial_number from device where id = any(${idArray(ids)}::bigint[])`,
      );
      return new Map(found.map((d) => [d.id, { name: d.name, serialNumber: d.serial_number }]));
    },
    /** The cups a machine reported for these order numbers, with their quality data. */
    cupsOfOrders: (tx: Db, deviceId: string, orderNos: string[]) =>
      rows<OrderCup>(
        tx,
        sql`select id::text, order_no as "orderNo", order_line as line, product_code as "productCode", result,
                   bad_cup as "badCup", produced_at as "producedAt", cup_out_seconds as "cupOutSeconds",
                   extraction_seconds as "extractionSeconds", coffee, tea
            from production_record
            where device_id = ${deviceId}
              and order_no = any(array(select jsonb_array_elements_text(${JSON.stringify(orderNos)}::jsonb)))
            order by produced_at, id`,
      ),
    /**
     * A machine's past: the cups these machines reported since `since` that name no order, oldest
     * first per machine (the demo's orders history makes its customers' orders of them, then links
     * each cup to its line with linkCupsToOrders).
     */
    historyCups: (tx: Db, deviceIds: readonly string[], since: Date) =>
      deviceIds.length
        ? rows<HistoryCup>(
            tx,
            sql`select device_id::text as "deviceId", event_id as "eventId",
                       (extract(epoch from produced_at) * 1000)::float8 as "producedAt",
                       (extract(epoch from started_at) * 1000)::float8 as "startedAt",
                       product_code as "productCode", result, bad_cup as "badCup",
                       result <> 'completed' and coalesce(jsonb_array_length(materials), 0) = 0 as refused
                from production_record
                where device_id = any(${idArray([...deviceIds])}::bigint[]) and produced_at >= ${since.toISOString()}::timestamptz
                  and order_no is null
                order by device_id, produced_at, id`,
          )
        : Promise.resolve([] as HistoryCup[]),
    /**
     * Cups of a machine's past named as made for these order lines, as the machine would have
     * reported them with the cups (the demo's orders history: its orders are made of the cups
     * historyCups read). Set-based, one statement per few thousand links; a link to a cup that is
     * not there changes nothing.
     */
    async linkCupsToOrders(
      tx: Db,
      links: ReadonlyArray<{ deviceId: string; eventId: string; orderNo: string; line: number }>,
    ): Promise<void> {
      for (let i = 0; i < links.length; i += LINK_CHUNK)
        await tx.execute(sql`
          update production_record p set order_no = x."orderNo", order_line = x.line
          from json_to_recordset(${JSON.stringify(links.slice(i, i + LINK_CHUNK))}::json)
               as x("deviceId" bigint, "eventId" text, "orderNo" text, line int)
          where p.device_id = x."deviceId" and p.event_id = x."eventId"`);
    },
  };

  /** Writers of machine events other modules own (machine-events.ts). */
  const machineEvents = new MachineEventWriters();

  return { bus, commands, machines, reports, machineEvents };
}

/** What reports.machinesOfStores and shopMachine read of a machine (`d`). */
const SHOP_MACHINE = sql`d.id::text, d.serial_number as "serialNumber", d.merchant_id::text as "merchantId",
  d.store_id::text as "storeId", d.name, d.family, d.online, d.locked, d.state,
  case when exists (select 1 from device_command c
                     where c.device_id = d.id and c.type = 'menu' and c.params->>'version' = d.menu_version)
       then d.menu_version end as "menuVersion"`;

/** A machine as the ordering app shows it (reports.machinesOfStores). */
export interface ShopMachine {
  id: string;
  serialNumber: string;
  merchantId: string | null;
  storeId: string | null;
  name: string;
  family: string | null;
  online: boolean;
  locked: boolean;
  state: string | null;
  /** The menu it runs, when the server sent it that version; else null. */
  menuVersion: string | null;
}

/** A cup made for an order (production record), as the order detail shows it. */
export interface OrderCup {
  id: string;
  orderNo: string;
  line: number | null;
  productCode: string;
  result: 'completed' | 'failed';
  badCup: boolean;
  producedAt: string;
  cupOutSeconds: number | null;
  extractionSeconds: number | null;
  coffee: Record<string, unknown> | null;
  tea: Array<Record<string, unknown>> | null;
}

/** A cup of a machine's past that names no order (reports.historyCups). */
export interface HistoryCup {
  deviceId: string;
  eventId: string;
  /** When it came out, in milliseconds since the epoch. */
  producedAt: number;
  /** When it started, in milliseconds since the epoch (null: not reported). */
  startedAt: number | null;
  productCode: string;
  result: 'completed' | 'failed';
  badCup: boolean;
  /** Failed without drawing any material: a channel was short and the machine refused the cup. */
  refused: boolean;
}

export type FleetService = ReturnType<typeof createFleetService>;
