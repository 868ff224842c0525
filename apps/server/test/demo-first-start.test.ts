/**
 * The demo on a first start, as `npm start` seeds and runs it (PGlite, the embedded broker, the demo
 * fleet and its scenario), read through the API as a newcomer reads it: weeks of history, a machine
 * offline, one in alarm, one short of milk, one due for maintenance, channels at varied levels, and
 * a fleet that keeps moving.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Fleet } from '@brewfleet/simulator';
import type { Database } from '../src/platform/db/client.ts';
import { DEMO_PASSWORD } from '../src/modules/iam/demo.ts';
import { startDemoFleet } from '../src/modules/fleet/demo.ts';
import { MODULES } from '../src/modules/index.ts';
import {
  brokerAccessOf,
  demoModules,
  startModules,
  type StartedModules,
} from '../src/platform/module-runner.ts';
import { startMqtt, type Mqtt } from '../src/platform/mqtt/broker.ts';
import { openEmbeddedApp, type EmbeddedApp } from './helpers/embedded-app.ts';
import { waitFor } from './helpers/fleet.ts';

/** A scenario minute in the test: the offline machine comes back, and another drops, after ten. */
const MINUTE_MS = 400;

let database: Database;
let app: FastifyInstance;
let embedded: EmbeddedApp;
let mqtt: Mqtt;
let runtime: StartedModules;
let fleet: Fleet | null;
let token: string;
beforeAll(async () => {
  embedded = await openEmbeddedApp();
  ({ database, app } = embedded);
  const { dataDir } = embedded;
  // The first start's demo as main.ts makes it: every module's, in the list's order.
  await demoModules(MODULES, { db: database.db, dataDir, resources: app.resources, services: app.services });
  mqtt = await startMqtt({
    port: 0,
    host: '127.0.0.1',
    log: app.log,
    access: brokerAccessOf(MODULES, database.db, app.services),
  });
  runtime = await startModules(
    MODULES,
    {
      db: database.db,
      log: app.log,
      client: mqtt.client,
      disconnect: (clientId) => mqtt.disconnect(clientId),
      events: app.domainEvents,
      jobs: app.jobs,
      shareGroup: null,
    },
    app.services,
  );
  fleet = await startDemoFleet({ db: database.db, url: mqtt.url, log: app.log, scenarioMinuteMs: MINUTE_MS });
  token = await embedded.signIn('operator', DEMO_PASSWORD);
}, 90_000);
afterAll(async () => {
  await fleet?.stop();
  await runtime?.stop();
  await mqtt?.close();
  await embedded?.close();
});

const post = async (url: string, body: unknown = {}) => {
  const res = await app.inject({ method: 'POST', url, headers: { token }, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const detail = async (id: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/coffee/device/detail?id=${id}`,
    headers: { token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const DAY = 86_400_000;

it('shows a fleet with weeks of history and each kind of trouble from the first minute', async () => {
  const counters = await post('/api/coffee/device/counters');
  expect(counters.all).toBe(14);
  expect(counters.offline).toBeGreaterThanOrEqual(1);
  expect(counters.alarm).toBeGreaterThanOrEqual(1);
  expect(counters.shortage).toBeGreaterThanOrEqual(1);
  expect(counters.maintenance).toBeGreaterThanOrEqual(1);
  expect(counters.offline).toBeLessThan(counters.all / 2);

  const oldest = await post('/api/coffee/production-record/list', { limit: 1, sort: 'producedAt' });
  expect(Date.now() - Date.parse(oldest.list[0].producedAt)).toBeGreaterThanOrEqual(14 * DAY);
  // Fourteen machines, two weeks, at the demo's pace (the simulator's PEAK_CUSTOMERS_PER_HOUR: a
  // weekday's ~14 cups of a blender to ~31 of a coffee machine).
  expect(oldest.total).toBeGreaterThan(14 * 14 * 12);
  const lastDay = await post('/api/coffee/production-record/list', {
    limit: 1,
    producedAtFrom: new Date(Date.now() - DAY).toISOString(),
  });
  expect(lastDay.total).toBeGreaterThan(14 * 10);
  for (const resource of ['fault-log', 'cleaning-record', 'device-command', 'device-log'])
    expect((await post(`/api/coffee/${resource}/list`, { limit: 1 })).total, resource).toBeGreaterThan(50);
});

it('has 90 days of sales, each status and payment method among them, priced as the server prices them', async () => {
  const oldest = await post('/api/coffee/order/list', { limit: 1, sort: 'orderedAt' });
  expect(Date.now() - Date.parse(oldest.list[0].orderedAt)).toBeGreaterThanOrEqual(85 * DAY);
  expect(oldest.total).toBeGreaterThan(14 * 90);
  for (const status of ['completed', 'cancelled', 'rejected'])
    expect(
      (await post('/api/coffee/order/list', { limit: 1, status: [status] })).total,
      status,
    ).toBeGreaterThan(0);
  for (const paymentMethod of ['wallet', 'cash', 'card-machine', 'third-party'])
    expect(
      (await post('/api/coffee/order/list', { limit: 1, paymentMethod })).total,
      paymentMethod,
    ).toBeGreaterThan(0);
  expect((await post('/api/coffee/order/list', { limit: 1, priceCheck: 'differs' })).total).toBe(0);
});

it('derives each state from the records: the maintenance counter, the open fault, the short channel', async () => {
  const due = (await post('/api/coffee/device/list', { limit: 100, maintenanceDue: true })).list;
  for (const d of due) {
    const { maintenance, device } = await detail(d.id);
    // Due because the cups since its last basic maintenance passed its model's interval.
    expect(maintenance.basic.cupsSince).toBeGreaterThanOrEqual(maintenance.basic.every);
    const since = await post('/api/coffee/production-record/list', {
      limit: 1,
      deviceId: d.id,
      result: 'completed',
      producedAtFrom: maintenance.basic.lastAt,
    });
    expect(Math.abs(since.total - maintenance.basic.cupsSince)).toBeLessThanOrEqual(5);
    expect(device.totalCups).toBeGreaterThan(maintenance.basic.cupsSince);
  }
  const alarm = (await post('/api/coffee/device/list', { limit: 100, alarm: true })).list;
  const open = await post('/api/coffee/fault-log/list', { limit: 100, active: true });
  for (const d of alarm) expect(open.list.some((f: any) => f.deviceId === d.id)).toBe(true);
  const short = (await post('/api/coffee/device/list', { limit: 100, materialShortage: true })).list;
  const milk = short.find((d: any) => d.family === 'milk-frother');
  expect(milk).toBeDefined();
  const { channels, today } = await detail(milk.id);
  // Short because a channel is below its low level or past its shelf life (the machines now sell
  // all along, and the scenario refills: the milk may be refilled between the two reads).
  const now = Date.now();
  expect(
    channels.some(
      (c: any) => c.shortage && (c.levelG < c.lowLevelG || (c.expiresAt && Date.parse(c.expiresAt) < now)),
    ),
  ).toBe(true);
  expect(today.cups + today.failed).toBeGreaterThanOrEqual(0);
});

it('leaves the channels at varied levels, not all full', async () => {
  const channels = (await post('/api/coffee/device-channel/list', { limit: 100 })).list;
  const shares = channels.map((c: any) => Math.round((c.levelG / c.capacityG) * 10));
  expect(new Set(shares).size).toBeGreaterThanOrEqual(5);
  // Under a quarter full at whatever hour the demo starts: the history started every 7 minutes over
  // two weeks (2,880 starts) left at most 9 of the 47 full, and at least 8 distinct tenths. (When
  // staff replaced each material at its shelf life with a full channel, up to 20 of 47 read full in
  // the late morning, 17 at 13:05 in Taipei once; timeline.ts now loads what the channel will use.)
  expect(shares.filter((s: number) => s === 10).length).toBeLessThan(channels.length / 4);
});

it('has refractometer readings of a demo coffee model and, for the chain brand, a display link', async () => {
  const readings = (await post('/api/coffee/calibration-reading/list', { limit: 50 })).list;
  expect(readings.length).toBeGreaterThanOrEqual(3);
  // One machine's good cups: one model calibrated, each reading with its cup's stored estimate.
  expect(new Set(readings.map((r: any) => r.deviceModelId)).size).toBe(1);
  for (const r of readings) {
    expect(r.productionRecordId).not.toBeNull();
    expect(r.estimatedTds).toBeGreaterThan(7.5);
    expect(r.measuredTds / r.estimatedTds).toBeGreaterThan(0.95);
    expect(r.measuredTds / r.estimatedTds).toBeLessThan(1.05);
    expect(r.measuredYield).toBeGreaterThan(15);
  }
  const latest = readings.reduce((a: any, b: any) => (Number(a.id) > Number(b.id) ? a : b));
  // The model's factor is the median of its readings' ratios (docs/extraction-quality.md).
  const ratios = readings
    .map((r: any) => r.measuredTds / r.estimatedTds)
    .sort((a: number, b: number) => a - b);
  const middle = ratios.length / 2;
  const median = ratios.length % 2 ? ratios[Math.floor(middle)] : (ratios[middle - 1] + ratios[middle]) / 2;
  expect(latest.modelFactor).toBeCloseTo(median, 6);

  // The chain brand's administrator finds the link in its list (the token was shown to no one).
  const formosa = await embedded.signIn('formosa', DEMO_PASSWORD);
  const links = await app.inject({
    method: 'POST',
    url: '/api/coffee/display-link/list',
    headers: { token: formosa },
    payload: { limit: 10 },
  });
  expect(links.statusCode, links.body).toBe(200);
  const [link] = links.json().data.list;
  expect(links.json().data.total).toBe(1);
  expect(link).toMatchObject({
    name: 'Flagship lobby screen',
    dashboards: 'both',
    storeId: null,
    revokedAt: null,
  });
  expect(Date.parse(link.expiresAt)).toBeGreaterThan(Date.now() + 20 * DAY);
  expect(link.token).toBeUndefined();
});

it('keeps moving: the offline machine comes back and another drops', async () => {
  const offlineNow = async () =>
    (await post('/api/coffee/device/list', { limit: 100, online: false })).list.map(
      (d: any) => d.serialNumber,
    );
  const first = await offlineNow();
  expect(first.length).toBeGreaterThanOrEqual(1);
  await waitFor(
    async () => {
      const now = await offlineNow();
      return now.length >= 1 && first.every((s: string) => !now.includes(s));
    },
    30_000,
    'the offline machine back and another one gone',
  );
});

it("has the demo's figures counted before a page is asked: Taiwan's days and UTC's, from the rollups", async () => {
  const day = (zoneHours: number, daysAgo: number) =>
    new Date(Date.now() + zoneHours * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  for (const [timeZone, hours] of [
    ['Asia/Taipei', 8],
    ['UTC', 0],
  ] as const) {
    // Past days only: the live fleet's cups of today wait for the next merge.
    const body = { page: 'production', by: 'day', from: day(hours, 7), to: day(hours, 1), timeZone };
    const kept = await post('/api/coffee/data-center/query', body);
    expect(kept.source, timeZone).toBe('rollup');
    expect(kept.asOf, timeZone).not.toBeNull();
    const raw = await post('/api/coffee/data-center/query', { ...body, source: 'raw' });
    expect(kept.totals.cups, timeZone).toBeGreaterThan(100);
    expect(kept.rows.map((r: any) => r.key)).toEqual(raw.rows.map((r: any) => r.key));
    kept.rows.forEach((row: any, i: number) => {
      for (const [measure, value] of Object.entries(raw.rows[i].values))
        // Counts alike; averages summed in another order differ in their last digits.
        expect(row.values[measure], `${timeZone} ${row.key} ${measure}`).toBeCloseTo(value as number, 9);
    });
  }
});
