/**
 * Extraction drift (issue 17 point 4) on real PostgreSQL and the embedded broker: machines report a
 * week of cups over MQTT (timestamps in the past, as a machine that was offline sends them), the scan
 * (`drift.scan`'s work) compares each machine's last cups with its own baseline and its model's fleet.
 * A machine whose grind rises and pressure falls by 3 sd in its last cups is drifting, up and down; a
 * steady one is normal; the fleet band is the pooled statistic of every machine of the model (another
 * merchant's included) while only the caller's machines are ever listed or shown.
 */
import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIFT_THRESHOLDS, P, type DriftEvidence, type DriftFinding } from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { bareMachine } from './helpers/machine-events.ts';
import { scanDrift } from '../src/modules/drift/scan.ts';
import { openPglite, rows } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { sql } from 'drizzle-orm';

const PASSWORD = 'Drift-Strong-Pass-7';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let f: FleetTest;
let alpha: string;
let beta: string;
let betaStore: string;
type Machine = { id: string; serialNumber: string; secret: string };
let drifting: Machine;
let steady: Machine;
let other: Machine;
const clients: MqttClient[] = [];
const NOW = Date.now();
/** The recent cups, oldest first: from 3 h ago to 5 min ago. */
const RECENT = 30;
const recentAt = (k: number) => NOW - 3 * HOUR + (k * (3 * HOUR - 5 * 60_000)) / (RECENT - 1);
/** Baseline cups, spread over the 7 days that end 24 h ago. */
const BASELINE = 70;
const baselineAt = (k: number) => NOW - 8 * DAY + HOUR + (k * (7 * DAY - 2 * HOUR)) / (BASELINE - 1);

/** A spread that repeats every five cups (sd ≈ 0.79 × `plusMinus`): steady, yet never constant. */
const wobble = (k: number, plusMinus: number) => [-1, -0.5, 0, 0.5, 1][k % 5] * plusMinus;
/** Sample sd of the wobble at ±1. */
const WOBBLE_SD = Math.sqrt(0.625 * (5 / 4));

function cup(at: number, k: number, shift: { grind?: number; pressure?: number } = {}) {
  const grind = 14.5 + wobble(k, 1) + (shift.grind ?? 0);
  return {
    eventId: crypto.randomUUID(),
    type: 'production',
    ts: new Date(at).toISOString(),
    productCode: 'ESPRESSO',
    method: 'manual',
    result: 'completed',
    startedAt: new Date(at - 40_000).toISOString(),
    cupOutSeconds: 40,
    extractionSeconds: 27 + wobble(k + 1, 2),
    coffee: {
      soakFlowMlPerS: 1.25,
      soakTimeS: 4,
      extractionFlowMlPerS: 1.6 + wobble(k + 2, 0.2),
      pressureBar: 9 + wobble(k + 3, 0.4) + (shift.pressure ?? 0),
      temperatureC: 92.5 + wobble(k + 4, 1),
      powderG: 18,
      tampingForceN: 150 + wobble(k, 15),
      cakeThicknessMm: 11.5,
      chamberPosition: 2,
      grindDegree1: grind - 0.5,
      grindDegree2: grind + 0.5,
    },
    materials: [],
  };
}

/** A machine's week: the baseline, then the recent cups (shifted for the drifting one). */
async function report(m: Machine, shift: { grind?: number; pressure?: number } = {}) {
  const machine = await bareMachine(f.url, m, clients);
  const events = [
    ...Array.from({ length: BASELINE }, (_, k) => cup(baselineAt(k), k)),
    ...Array.from({ length: RECENT }, (_, k) => cup(recentAt(k), k, shift)),
  ];
  await machine.publish('events', { events });
  await waitFor(
    async () => {
      await f.fleet.gateway.flush();
      const [r] = await f.t.sql(`select count(*)::int as n from production_record where device_id = $1`, [
        m.id,
      ]);
      return r.n === events.length;
    },
    15_000,
    `the cups of ${m.serialNumber}`,
  );
}

async function call(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  return f.t.call(method, url, { token, body, lang: 'en' });
}
async function ok(method: 'GET' | 'POST', url: string, token: string, body?: unknown) {
  const res = await call(method, url, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const list = async (token: string, body: Record<string, unknown> = {}) =>
  (await ok('POST', '/api/coffee/drift/list', token, { limit: 200, ...body })) as {
    list: DriftFinding[];
    total: number;
  };
const findingOf = (rows: DriftFinding[], device: Machine, metric: string) =>
  rows.find((r) => r.deviceId === device.id && r.metric === metric);

beforeAll(async () => {
  f = await startFleetTest();
  const merchant = async (name: string, login: string) => {
    const m = await ok('POST', '/api/coffee/merchant', f.admin, {
      name,
      loginAccount: login,
      password: f.t.encrypt(PASSWORD),
      country: 'TW',
    });
    return { id: m.id as string, token: await f.t.login(login, PASSWORD) };
  };
  const a = await merchant('Alpha Drift', 'alpha-drift');
  const b = await merchant('Beta Drift', 'beta-drift');
  alpha = a.token;
  beta = b.token;
  const alphaStore = (await ok('POST', '/api/coffee/store', alpha, { name: 'Alpha Bar', type: 'pick-up' }))
    .id;
  betaStore = (await ok('POST', '/api/coffee/store', beta, { name: 'Beta Bar', type: 'pick-up' })).id;
  drifting = await f.register({ merchantId: a.id, storeId: alphaStore });
  steady = await f.register({ merchantId: a.id, storeId: alphaStore });
  other = await f.register({ merchantId: b.id, storeId: betaStore });
  // Baseline sds: grind (mean of the two degrees) ≈ 0.79, pressure ≈ 0.32; 3 sd each way.
  await report(drifting, { grind: 3 * WOBBLE_SD, pressure: -3 * 0.4 * WOBBLE_SD });
  await report(steady);
  await report(other);
  await scanDrift(f.t.database.db, { refreshBaselines: true });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await f?.close();
});

describe('the scan', () => {
  it('flags the machine whose grind rose and pressure fell, with the direction and since when', async () => {
    const { list: rows } = await list(alpha);
    const grind = findingOf(rows, drifting, 'grind')!;
    expect(grind).toMatchObject({ state: 'drifting', direction: 'up', n: RECENT, baselineN: BASELINE });
    expect(grind.z!).toBeGreaterThanOrEqual(DRIFT_THRESHOLDS.driftZ);
    expect(grind.recentMean! - grind.baselineMean!).toBeCloseTo(3 * WOBBLE_SD, 1);
    // The excursion began with the recent cups, not in the baseline week.
    expect(Date.parse(grind.since!)).toBeGreaterThanOrEqual(recentAt(0) - 1000);
    expect(Date.parse(grind.since!)).toBeLessThan(recentAt(5));
    const pressure = findingOf(rows, drifting, 'pressureBar')!;
    expect(pressure).toMatchObject({ state: 'drifting', direction: 'down' });
    expect(pressure.z!).toBeLessThanOrEqual(-DRIFT_THRESHOLDS.driftZ);
    // What did not move stays normal on the same machine.
    expect(findingOf(rows, drifting, 'temperatureC')).toMatchObject({ state: 'normal', direction: null });
    // Worst first.
    expect(rows.slice(0, 2).map((r) => r.state)).toEqual(['drifting', 'drifting']);
  });

  it('leaves the steady machine normal on every metric', async () => {
    const { list: rows } = await list(alpha, { deviceId: steady.id });
    expect(rows).toHaveLength(6);
    for (const r of rows) {
      expect(r, r.metric).toMatchObject({ state: 'normal', since: null, n: RECENT, baselineN: BASELINE });
      expect(Math.abs(r.z!), r.metric).toBeLessThan(DRIFT_THRESHOLDS.watchZ);
    }
  });

  it('computes the fleet band from every machine of the model, as raw cups say', async () => {
    const [raw] = await f.t.sql(
      `select avg((coffee->>'pressureBar')::float8) as mean, stddev_samp((coffee->>'pressureBar')::float8) as sd
       from production_record where device_id = any($1::bigint[]) and produced_at < now() - interval '24 hours'`,
      [[drifting.id, steady.id, other.id]],
    );
    const { list: rows } = await list(alpha, { metric: 'pressureBar' });
    const steadyPressure = findingOf(rows, steady, 'pressureBar')!;
    expect(steadyPressure.fleetMachines).toBe(3);
    expect(steadyPressure.fleetMean).toBeCloseTo(raw.mean, 6);
    expect(steadyPressure.fleetSd).toBeCloseTo(raw.sd, 6);
    expect(Math.abs(steadyPressure.fleetZ!)).toBeLessThan(DRIFT_THRESHOLDS.fleetWatchZ);
    // The drifting machine's recent pressure is outside the fleet's mean by about 3 of its sds.
    const driftPressure = findingOf(rows, drifting, 'pressureBar')!;
    expect(driftPressure.fleetZ!).toBeLessThan(-2);
  });

  it('is set-based and idempotent: a second scan changes no state and keeps since', async () => {
    const before = await list(alpha);
    const result = await scanDrift(f.t.database.db);
    expect(result.baselines).toBe(0); // baselines fresh: none recomputed
    expect(result.drifting).toBeGreaterThanOrEqual(2);
    const after = await list(alpha);
    expect(after.list.map((r) => [r.id, r.state, r.since])).toEqual(
      before.list.map((r) => [r.id, r.state, r.since]),
    );
  });
});

describe('the job', () => {
  it('is declared as drift.scan every 5 minutes and has run once at start', async () => {
    const job = await waitFor(
      async () => {
        const res = await f.t.call('POST', '/api/coffee/platform-job/list', {
          token: f.admin,
          body: { limit: 500 },
        });
        const found = (
          res.json().data.list as Array<{ name: string; everySeconds: number; runs: number }>
        ).find((j) => j.name === 'drift.scan');
        return found && found.runs >= 1 ? found : null;
      },
      15_000,
      'the first run of drift.scan',
    );
    expect(job?.everySeconds).toBe(300);
  });
});

describe('tenant scope', () => {
  it("lists only the caller's machines", async () => {
    const alphaRows = await list(alpha);
    expect(alphaRows.total).toBe(12);
    expect(alphaRows.list.some((r) => r.deviceId === other.id)).toBe(false);
    const betaRows = await list(beta);
    expect(new Set(betaRows.list.map((r) => r.deviceId))).toEqual(new Set([other.id]));
    // The platform administrator sees all three.
    const all = await list(f.admin);
    expect(new Set(all.list.map((r) => r.deviceId))).toEqual(new Set([drifting.id, steady.id, other.id]));
  });

  it("answers 404 for another tenant's machine, store or evidence", async () => {
    expect((await call('GET', `/api/coffee/drift/${other.id}`, alpha)).statusCode).toBe(404);
    expect((await call('POST', '/api/coffee/drift/list', alpha, { deviceId: other.id })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/coffee/drift/list', alpha, { storeId: betaStore })).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/coffee/drift/999999999', alpha)).statusCode).toBe(404);
  });

  it('needs the drift permission', async () => {
    expect(P.stats.drift).toBe('coffee:stats:drift');
    expect((await call('POST', '/api/coffee/drift/list', '', {})).statusCode).toBe(401);
  });
});

describe('the evidence', () => {
  it("shows each metric's hourly series with the baseline and fleet bands and the finding", async () => {
    const evidence = (await ok('GET', `/api/coffee/drift/${drifting.id}`, alpha)) as DriftEvidence;
    expect(evidence).toMatchObject({ deviceId: drifting.id, serialNumber: drifting.serialNumber });
    const grind = evidence.metrics.find((m) => m.metric === 'grind')!;
    expect(grind.finding).toMatchObject({ state: 'drifting', direction: 'up' });
    // Every cup of the 48 h counted once, in hourly points (the recent 3 h make three or four).
    const [raw] = await f.t.sql(
      `select count(*)::int as n, count(distinct date_trunc('hour', produced_at))::int as hours
       from production_record where device_id = $1 and produced_at >= $2`,
      [drifting.id, evidence.from],
    );
    expect(raw.n).toBeGreaterThan(RECENT);
    expect(grind.points.reduce((n, p) => n + p.n, 0)).toBe(raw.n);
    expect(grind.points).toHaveLength(raw.hours);
    expect(grind.baseline!.low).toBeLessThan(grind.baseline!.mean);
    expect(grind.baseline!.high).toBeGreaterThan(grind.baseline!.mean);
    // The drifted hours sit above the machine's own band.
    expect(grind.points.at(-1)!.mean).toBeGreaterThan(grind.baseline!.high);
    expect(grind.fleet).not.toBeNull();
    expect(evidence.metrics.map((m) => m.metric)).toContain('pressureBar');
  });
});

describe('bad input', () => {
  it.each([
    [{ state: 'sideways' }],
    [{ metric: 'colour' }],
    [{ limit: 0 }],
    [{ page: -1 }],
    [{ deviceId: 'abc' }],
    [{ merchantId: '99999999999999999999999' }],
  ])('refuses %j with a 400', async (body) => {
    const res = await call('POST', '/api/coffee/drift/list', alpha, body);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a machine id that is no id', async () => {
    expect((await call('GET', '/api/coffee/drift/not-a-number', alpha)).statusCode).toBe(400);
  });
});

describe('the embedded database', () => {
  it('runs the same scan on PGlite and flags the same drift', async () => {
    const database = await openPglite(null);
    try {
      await migrate(database);
      const db = database.db;
      const one = async (tx: typeof db, query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0].id;
      const id = await inScope(db, SYSTEM, async (tx) => {
        const typeId = await one(
          tx,
          sql`insert into device_type (name, family, automation) values ('Espresso', 'coffee', 'automatic') returning id::text`,
        );
        const modelId = await one(
          tx,
          sql`insert into device_model (name, code, device_type_id) values ('E1', 'E1', ${typeId}) returning id::text`,
        );
        const deviceId = await one(
          tx,
          sql`insert into device (name, serial_number, model_id, family) values ('P1', 'P-1', ${modelId}, 'coffee')
              returning id::text`,
        );
        const cups = [
          ...Array.from({ length: BASELINE }, (_, k) => cup(baselineAt(k), k)),
          ...Array.from({ length: RECENT }, (_, k) => cup(recentAt(k), k, { grind: 3 * WOBBLE_SD })),
        ];
        // The embedded database has no broker in this test: the cups are stored as the gateway stores them.
        await tx.execute(
          sql`insert into production_record (device_id, serial_number, event_id, produced_at, product_code, method,
                result, coffee, extraction_seconds)
              select ${deviceId}, 'P-1', x->>'eventId', (x->>'ts')::timestamptz, 'ESPRESSO', 'manual', 'completed',
                     x->'coffee', (x->>'extractionSeconds')::float8
              from jsonb_array_elements(${JSON.stringify(cups)}::jsonb) x`,
        );
        return deviceId;
      });
      const result = await scanDrift(db, { refreshBaselines: true });
      expect(result).toMatchObject({ baselines: 6, checked: 6 });
      const found = await inScope(db, SYSTEM, (tx) =>
        rows<{ metric: string; state: string; direction: string | null }>(
          tx,
          sql`select metric, state, direction from extraction_drift where device_id = ${id} order by metric`,
        ),
      );
      const states = Object.fromEntries(found.map((r) => [r.metric, `${r.state}:${r.direction}`]));
      expect(states.grind).toBe('drifting:up');
      expect(states.pressureBar).toBe('normal:null');
    } finally {
      await database.close();
    }
  }, 60_000);
});
