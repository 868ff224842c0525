/**
 * The drift findings (`POST /api/coffee/drift/list`) and one machine's evidence
 * (`GET /api/coffee/drift/:deviceId`), read in the caller's scope: row-level security keeps another
 * tenant's machines out, and a filter or machine the caller cannot see is a 404, never an empty page
 * that would say it exists.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DRIFT_METRICS,
  DRIFT_THRESHOLDS as T,
  P,
  driftDeviceParams,
  driftEvidenceAnswer,
  driftListAnswer,
  driftListBody,
  type DriftEvidence,
  type DriftFinding,
  type DriftList,
  type DriftMetric,
} from '@brewfleet/contracts';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { answer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import { goodCoffeeCup, metricValues } from './metrics.ts';

/** Hours of series the evidence shows. */
const EVIDENCE_HOURS = 48;

const findingColumns = sql`x.id::text as "id", x.device_id::text as "deviceId", d.name as "deviceName",
  d.serial_number as "serialNumber", x.merchant_id::text as "merchantId", m.name as "merchantName",
  x.store_id::text as "storeId", s.name as "storeName", x.metric, x.state, x.direction,
  ${isoTime(sql`x.since`)} as "since", x.recent_mean as "recentMean", x.recent_ewma as "recentEwma", x.n,
  x.baseline_mean as "baselineMean", x.baseline_sd as "baselineSd", x.baseline_n as "baselineN",
  x.fleet_mean as "fleetMean", x.fleet_sd as "fleetSd", x.fleet_machines as "fleetMachines", x.z,
  x.fleet_z as "fleetZ", ${isoTime(sql`x.checked_at`)} as "checkedAt"`;
const findingFrom = sql`from extraction_drift x join device d on d.id = x.device_id
  left join merchant m on m.id = x.merchant_id left join store s on s.id = x.store_id`;

/** A filter naming a row the caller cannot see is refused as not found. */
async function mustSee(tx: Db, table: 'merchant' | 'store' | 'device', id: string | undefined) {
  if (!id) return;
  const found = await rows(tx, sql`select 1 from ${sql.identifier(table)} where id = ${id}`);
  if (!found.length) throw new AppError('msg.notFound');
}

export async function listFindings(tx: Db, body: z.output<typeof driftListBody>): Promise<DriftList> {
  await mustSee(tx, 'merchant', body.merchantId);
  await mustSee(tx, 'store', body.storeId);
  await mustSee(tx, 'device', body.deviceId);
  const where: SQL[] = [sql`true`];
  if (body.merchantId) where.push(sql`x.merchant_id = ${body.merchantId}`);
  if (body.storeId) where.push(sql`x.store_id = ${body.storeId}`);
  if (body.deviceId) where.push(sql`x.device_id = ${body.deviceId}`);
  if (body.state) where.push(sql`x.state = ${body.state}`);
  if (body.metric) where.push(sql`x.metric = ${body.metric}`);
  const filter = sql.join(where, sql` and `);
  const [{ total }] = await rows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from extraction_drift x where ${filter}`,
  );
  const list = await rows<DriftFinding>(
    tx,
    sql`select ${findingColumns} ${findingFrom} where ${filter}
        order by case x.state when 'drifting' then 0 when 'watch' then 1 else 2 end,
                 greatest(abs(coalesce(x.z, 0)) / ${T.driftZ}, abs(coalesce(x.fleet_z, 0)) / ${T.fleetDriftZ}) desc,
                 x.device_id, x.metric
        limit ${body.limit} offset ${(body.page - 1) * body.limit}`,
  );
  return { list, total, page: body.page, limit: body.limit };
}

export async function readEvidence(
  tx: Db,
  deviceId: string,
  now = new Date(),
): Promise<DriftEvidence | null> {
  const [device] = await rows<{ name: string; serial_number: string }>(
    tx,
    sql`select name, serial_number from device where id = ${deviceId}`,
  );
  if (!device) return null;
  const to = now.toISOString();
  const from = new Date(now.getTime() - EVIDENCE_HOURS * 3_600_000).toISOString();
  const points = await rows<{ metric: DriftMetric; at: string; mean: number; n: number }>(
    tx,
    sql`select v.metric, ${isoTime(sql`date_trunc('hour', p.produced_at)`)} as at, avg(v.value) as mean,
               count(*)::int as n
        from production_record p ${metricValues}
        where p.device_id = ${deviceId} and p.produced_at >= ${from}::timestamptz
          and p.produced_at <= ${to}::timestamptz and ${goodCoffeeCup} and v.value is not null
        group by v.metric, date_trunc('hour', p.produced_at) order by 1, 2`,
  );
  const findings = await rows<DriftFinding>(
    tx,
    sql`select ${findingColumns} ${findingFrom} where x.device_id = ${deviceId}`,
  );
  // The own band is where the EWMA stays while normal; the fleet band where a machine's mean does.
  const ewmaSd = Math.sqrt(T.lambda / (2 - T.lambda));
  const band = (mean: number | null, sd: number | null, k: number) =>
    mean == null || sd == null ? null : { low: mean - k * sd, mean, high: mean + k * sd };
  const metrics = DRIFT_METRICS.map((metric) => {
    const finding = findings.find((f) => f.metric === metric) ?? null;
    return {
      metric,
      points: points.filter((p) => p.metric === metric).map(({ at, mean, n }) => ({ at, mean, n })),
      baseline:
        finding && finding.baselineN >= T.minBaseline
          ? band(finding.baselineMean, finding.baselineSd, T.driftZ * ewmaSd)
          : null,
      fleet:
        finding && finding.fleetMachines >= T.minFleetMachines
          ? band(finding.fleetMean, finding.fleetSd, T.fleetDriftZ)
          : null,
      finding,
    };
  }).filter((m) => m.points.length || m.finding?.n || m.finding?.baselineN);
  return {
    deviceId,
    deviceName: device.name,
    serialNumber: device.serial_number,
    from,
    to,
    metrics,
  };
}

export function registerDriftRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.post(
    '/api/coffee/drift/list',
    {
      schema: {
        body: driftListBody,
        response: answer(driftListAnswer),
        tags: ['drift'],
        description:
          'Extraction drift findings of the machines in the caller scope, worst first (state, then |z| against its threshold).',
      },
      config: { permission: P.stats.drift },
    },
    async (request): Promise<DriftList> => {
      const body = request.body as z.output<typeof driftListBody>;
      return inRequestScope(deps.db, request, (tx) => listFindings(tx, body));
    },
  );
  app.get(
    '/api/coffee/drift/:deviceId',
    {
      schema: {
        params: driftDeviceParams,
        response: answer(driftEvidenceAnswer),
        tags: ['drift'],
        description:
          "A machine's evidence: each metric's hourly mean over the last 48 h with its baseline and fleet bands, and the findings.",
      },
      config: { permission: P.stats.drift },
    },
    async (request): Promise<DriftEvidence> => {
      const { deviceId } = request.params as z.output<typeof driftDeviceParams>;
      const evidence = await inRequestScope(deps.db, request, (tx) => readEvidence(tx, deviceId));
      if (!evidence) throw new AppError('msg.notFound');
      return evidence;
    },
  );
}
