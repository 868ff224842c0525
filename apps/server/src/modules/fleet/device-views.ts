/**
 * Read-only views over the machines a user may see: the list counters, the detail page, the map and
 * the machines per merchant. Every query runs in the request's scope (row-level security) and with
 * the service-layer filter.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  deviceResource,
  idSchema,
  listSchema,
  type DeviceCounters,
  type DeviceDetail,
  type DeviceMap,
  type Language,
  type MapPoint,
  MAP_POINT_LIMIT,
  type MerchantMachines,
  UNPLACED_NAMED,
  deviceCountersAnswer,
  merchantMachinesAnswer,
  deviceDetailAnswer,
  deviceMapAnswer,
} from '@brewfleet/contracts';
import { listConditions } from '../../platform/crud/query.ts';
import { inRequestScope, visibleTo } from '../../platform/crud/scope.ts';
import { toItem } from '../../platform/crud/register-resource.ts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { Registered, Row } from '../../platform/crud/types.ts';
import type { FleetDeps } from './deps.ts';
import { merchantName } from '../tenancy/merchant-names.ts';
import { nameInSql } from '../../platform/crud/localized-sql.ts';

const num = (v: unknown) => Number(v ?? 0);

export function registerDeviceViews(app: FastifyInstance, deps: FleetDeps, reg: Registered) {
  const { db } = deps;
  const perm = deviceResource.permissions.list;
  const tags = ['device'];
  const where = (request: Parameters<typeof visibleTo>[1], extra: SQL[] = []): SQL =>
    sql.join([visibleTo(reg, request) ?? sql`true`, ...extra], sql` and `);

  app.post(
    '/api/coffee/device/counters',
    {
      schema: { body: listSchema(deviceResource), response: answer(deviceCountersAnswer), tags },
      config: { permission: perm, noAudit: true },
    },
    async (request): Promise<DeviceCounters> => {
      // The counters answer for the list's other filters, so a click on one narrows what is shown.
      const filters = { ...(request.body as Row) };
      for (const k of ['online', 'materialShortage', 'alarm', 'locked', 'maintenanceDue']) delete filters[k];
      const conditions = listConditions(deviceResource, reg.columns, filters, request.timeZone);
      const [c] = await inRequestScope(db, request, (tx) =>
        rows<Record<string, string>>(
          tx,
          sql`select count(*) as all, count(*) filter (where not online) as offline,
                     count(*) filter (where material_shortage) as shortage, count(*) filter (where alarm) as alarm,
                     count(*) filter (where locked) as locked, count(*) filter (where maintenance_due) as maintenance
              from device where ${where(request.user, conditions)}`,
        ),
      );
      return {
        all: num(c.all),
        offline: num(c.offline),
        shortage: num(c.shortage),
        alarm: num(c.alarm),
        locked: num(c.locked),
        maintenance: num(c.maintenance),
      };
    },
  );

  app.post(
    '/api/coffee/device/map',
    {
      schema: {
        body: z.object({ merchantId: idSchema.nullish(), storeId: idSchema.nullish() }),
        response: answer(deviceMapAnswer),
        tags,
      },
      config: { permission: perm, noAudit: true },
    },
    async (request): Promise<DeviceMap> => {
      const { merchantId, storeId } = request.body as { merchantId?: string; storeId?: string };
      const extra: SQL[] = [];
      if (merchantId) extra.push(sql`device.merchant_id = ${merchantId}`);
      if (storeId) extra.push(sql`device.store_id = ${storeId}`);
      // A machine without a place of its own stands where its store is.
      const latitude = sql`coalesce(device.latitude, s.latitude)`;
      const longitude = sql`coalesce(device.longitude, s.longitude)`;
      const placed = sql`(${latitude} is not null and ${longitude} is not null)`;
      const { found, counts, unplaced } = await inRequestScope(db, request, async (tx) => ({
        found: await rows<Row>(
          tx,
          sql`select device.id::text, device.name, device.serial_number, device.automation,
                     ${latitude} as latitude, ${longitude} as longitude,
                     device.online, device.alarm, device.locked, device.material_shortage, device.maintenance_due,
                     s.id::text as store_id, s.name as store_name,
                     device.latitude is not null and device.longitude is not null as own_place
              from device left join store s on s.id = device.store_id
              where ${where(request.user, [...extra, placed])}
              order by device.name limit ${MAP_POINT_LIMIT}`,
        ),
        // Same scope and filters as the points, so the page can say what the map leaves out.
        counts: await rows<Record<string, string>>(
          tx,
          sql`select count(*) filter (where ${placed}) as placed, count(*) filter (where not ${placed}) as unplaced
              from device left join store s on s.id = device.store_id
              where ${where(request.user, extra)}`,
        ),
        // The first of those, named, so that the notice leads to each machine to give it a place.
        unplaced: await rows<Row>(
          tx,
          sql`select device.id::text, device.name, device.serial_number, device.automation
              from device left join store s on s.id = device.store_id
              where ${where(request.user, [...extra, sql`not ${placed}`])}
              order by device.name limit ${UNPLACED_NAMED}`,
        ),
      }));
      const points: MapPoint[] = found.map((d) => ({
        id: String(d.id),
        name: String(d.name),
        serialNumber: String(d.serial_number),
        automation: (d.automation as string) ?? null,
        latitude: Number(d.latitude),
        longitude: Number(d.longitude),
        // The colour says the most urgent thing: offline hides the rest, then faults, lock, shortage,
        // and last a maintenance that is due (the machine still serves, but a visit is owed).
        status: !d.online
          ? 'offline'
          : d.alarm
            ? 'alarm'
            : d.locked
              ? 'locked'
              : d.material_shortage
                ? 'shortage'
                : d.maintenance_due
                  ? 'maintenance'
                  : 'online',
        storeId: (d.store_id as string) ?? null,
        storeName: (d.store_name as string) ?? null,
        placedBy: d.own_place ? 'device' : 'store',
      }));
      // A machine may be placed between the two reads; the points are what was actually sent.
      const placedTotal = Math.max(num(counts[0]?.placed), points.length);
      return {
        tileUrl: deps.mapTileUrl,
        points,
        placed: placedTotal,
        unplaced: Math.max(num(counts[0]?.unplaced), unplaced.length),
        unplacedMachines: unplaced.map((d) => ({
          id: String(d.id),
          name: String(d.name),
          serialNumber: String(d.serial_number),
          automation: (d.automation as string) ?? null,
        })),
        limit: MAP_POINT_LIMIT,
        truncated: placedTotal > points.length,
      };
    },
  );

  app.post(
    '/api/coffee/device/merchant-summary',
    {
      schema: { body: z.object({}).optional(), response: answer(z.array(merchantMachinesAnswer)), tags },
      config: { permission: perm, noAudit: true },
    },
    async (request): Promise<MerchantMachines[]> => {
      const found = await inRequestScope(db, request, (tx) =>
        rows<Row>(
          tx,
          sql`select device.merchant_id::text as merchant_id, m.name as merchant_name, count(*) as total,
                     count(*) filter (where device.online) as online, count(*) filter (where not device.online) as offline,
                     count(*) filter (where device.alarm) as alarm, count(*) filter (where device.locked) as locked,
                     count(*) filter (where device.material_shortage) as shortage,
                     count(*) filter (where device.maintenance_due) as maintenance
              from device left join merchant m on m.id = device.merchant_id
              where ${where(request.user)}
              group by device.merchant_id, m.name order by m.name nulls first`,
        ),
      );
      return found.map((r) => ({
        merchantId: (r.merchant_id as string) ?? null,
        merchantName: (r.merchant_name as string) ?? null,
        total: num(r.total),
        online: num(r.online),
        offline: num(r.offline),
        alarm: num(r.alarm),
        locked: num(r.locked),
        shortage: num(r.shortage),
        maintenance: num(r.maintenance),
      }));
    },
  );

  app.get(
    '/api/coffee/device/detail',
    {
      schema: { querystring: z.object({ id: idSchema }), response: answer(deviceDetailAnswer), tags },
      config: { permission: perm },
    },
    async (request): Promise<DeviceDetail> => {
      const { id } = request.query as { id: string };
      const detail = await inRequestScope(db, request, async (tx) => {
        const [device] = (await tx
          .select()
          .from(reg.table)
          .where(where(request.user, [sql`device.id = ${id}`]))) as Row[];
        if (!device) throw new AppError('msg.deviceNotFound');
        return detailOf(tx, reg, device, request.timeZone, request.lang);
      });
      // A store user does not see its merchant's row, but the machine it sees is that merchant's.
      // Read after the request's transaction: PGlite has one connection.
      const merchantId = (detail.device.merchantId as string | null) ?? null;
      if (merchantId && !detail.merchantName) detail.merchantName = await merchantName(db, merchantId);
      return detail;
    },
  );
}

/**
 * A row as JSON without its tenant columns; 64-bit ids as text, since a JSON number loses them
 * past 2^53 (CONTRACT §3: ids travel as strings).
 */
const rowJson = sql`(to_jsonb(r) - 'merchant_id' - 'store_id' - 'created_by')
  || jsonb_build_object('id', r.id::text, 'device_id', r.device_id::text)`;

async function detailOf(
  tx: Db,
  reg: Registered,
  device: Row,
  timeZone: string,
  lang: Language,
): Promise<DeviceDetail> {
  const id = String(device.id);
  const [names] = await rows<Row>(
    tx,
    sql`select m.name as model_name, ${nameInSql(sql`t.names`, sql`t.name`, lang)} as type_name, m.basic_maintenance_cups, m.deep_maintenance_cups,
               mm.name as merchant_name, s.name as store_name
        from device d join device_model m on m.id = d.model_id join device_type t on t.id = m.device_type_id
        left join merchant mm on mm.id = d.merchant_id left join store s on s.id = d.store_id
        where d.id = ${id}`,
  );
  const startOfToday = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const [today] = await rows<Row>(
    tx,
    sql`select count(*) filter (where result = 'completed') as cups, count(*) filter (where bad_cup) as bad_cups,
               count(*) filter (where result = 'failed') as failed
        from production_record where device_id = ${id} and produced_at >= ${startOfToday}`,
  );
  const recent = (table: string, order: string, limit = 20) =>
    rows<Row>(
      tx,
      sql`select ${rowJson} as row from ${sql.raw(table)} r
          where device_id = ${id} order by ${sql.raw(order)} desc limit ${limit}`,
    ).then((list) => list.map((r) => camelKeys(r.row as Row)));
  const [channels, production, faults, cleanings, commands, faultStats] = await Promise.all([
    rows<Row>(
      tx,
      sql`select ${rowJson} || jsonb_build_object('channel_type_id', r.channel_type_id::text) as row
          from device_channel r where device_id = ${id} order by channel_number`,
    ).then((list) => list.map((r) => camelKeys(r.row as Row))),
    recent('production_record', 'produced_at'),
    recent('fault_log', 'raised_at'),
    recent('cleaning_record', 'cleaned_at'),
    recent('device_command', 'created_at'),
    rows<Row>(
      tx,
      sql`select code, count(*) as n from fault_log where device_id = ${id} group by code order by n desc limit 10`,
    ),
  ]);
  const basicEvery = num(names?.basic_maintenance_cups) || 500;
  const deepEvery = num(names?.deep_maintenance_cups) || 5000;
  const at = (v: unknown) => (v instanceof Date ? v.toISOString() : ((v as string) ?? null));
  return {
    device: toItem(reg, device),
    modelName: (names?.model_name as string) ?? null,
    typeName: (names?.type_name as string) ?? null,
    merchantName: (names?.merchant_name as string) ?? null,
    storeName: (names?.store_name as string) ?? null,
    maintenance: {
      basic: {
        cupsSince: num(device.cupsSinceBasic),
        every: basicEvery,
        due: num(device.cupsSinceBasic) >= basicEvery,
        lastAt: at(device.lastBasicMaintenanceAt),
      },
      deep: {
        cupsSince: num(device.cupsSinceDeep),
        every: deepEvery,
        due: num(device.cupsSinceDeep) >= deepEvery,
        lastAt: at(device.lastDeepMaintenanceAt),
      },
    },
    today: { cups: num(today?.cups), badCups: num(today?.bad_cups), failed: num(today?.failed) },
    faultStats: faultStats.map((f) => ({ code: String(f.code), count: num(f.n) })),
    channels,
    production,
    faults,
    cleanings,
    commands,
  };
}

/** jsonb rows come back in snake_case; the API speaks camelCase; ids as strings (CONTRACT §3). */
function camelKeys(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    const key = k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    out[key] = (key === 'id' || key.endsWith('Id')) && v != null && typeof v !== 'object' ? String(v) : v;
  }
  return out;
}
