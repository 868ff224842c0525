/**
 * Nothing a machine sends can stop the gateway: messages the schemas refuse are counted and dropped,
 * and a message that passes them but that PostgreSQL refuses is found and dropped without holding up
 * the other machines' messages written in the same batch.
 */
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { cupEvent } from './helpers/machine-events.ts';

let f: FleetTest;
const clients: MqttClient[] = [];
beforeAll(async () => {
  f = await startFleetTest();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

async function machine() {
  const m = await f.register();
  const client = await mqtt.connectAsync(f.url, {
    clientId: m.serialNumber,
    username: m.serialNumber,
    password: m.secret,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const send = (events: unknown[]) =>
    client.publishAsync(topicFor(m.serialNumber, 'events'), JSON.stringify({ v: PROTOCOL_VERSION, events }), {
      qos: 1,
    });
  return { ...m, client, send };
}

const cup = (productCode = 'LATTE-L', startedAt = new Date().toISOString()) =>
  cupEvent({ productCode, startedAt });
const cups = async (deviceId: string) =>
  (await f.t.sql(`select product_code from production_record where device_id = $1`, [deviceId])).map(
    (r) => r.product_code as string,
  );

it('drops a NUL character and a time before 1970 as malformed, and writes what came with them, good events of the same message included', async () => {
  const m = await machine();
  const before = f.fleet.gateway.stats().malformed;
  await m.client.publishAsync(
    topicFor(m.serialNumber, 'status'),
    JSON.stringify({ v: 1, online: true, firmware: 'v1\u0000', faultCodes: [] }),
    { qos: 1 },
  );
  await m.send([cup('NUL\u0000CODE'), cup()]);
  await m.send([cup('ANCIENT', '0000-01-01T00:00:00Z'), cup('ESPRESSO')]);
  await waitFor(async () => (await cups(m.id)).length === 2, 5000, 'the good cups');
  await f.fleet.gateway.flush();
  // The NUL status whole; of each batch only the bad cup (NUL, ancient): the good ones are kept.
  expect(f.fleet.gateway.stats().malformed - before).toBe(3);
  expect((await cups(m.id)).sort()).toEqual(['ESPRESSO', 'LATTE-L']);
});

it('finds a message PostgreSQL refuses, drops it alone, and goes on', async () => {
  const bad = await machine();
  const good = await machine();
  // Stands for any value the schemas let through and the database refuses (SQLSTATE class 23).
  await f.t.sql(`alter table production_record add constraint poison check (product_code <> 'POISON')`);
  try {
    const before = f.fleet.gateway.stats();
    // Published together, so that the gateway writes them in the same batches.
    await Promise.all([
      good.send([cup('A1')]),
      bad.send([cup('B1')]),
      bad.send([cup('POISON')]),
      good.send([cup('A2'), cup('A3')]),
      bad.send([cup('B2')]),
    ]);
    await waitFor(
      async () => (await cups(good.id)).length === 3 && (await cups(bad.id)).length === 2,
      10_000,
      'every cup but the poisoned one',
    );
    await f.fleet.gateway.flush();
    const after = f.fleet.gateway.stats();
    expect(after.malformed - before.malformed).toBe(1);
    expect(after.pending).toBe(0);
    expect((await cups(bad.id)).sort()).toEqual(['B1', 'B2']);
    // And the next message is written as usual.
    await good.send([cup('A4')]);
    await waitFor(async () => (await cups(good.id)).includes('A4'), 5000, 'a later cup');
  } finally {
    await f.t.sql(`alter table production_record drop constraint poison`);
  }
});

it('stores what a machine says as it said it: quotes, backslashes, braces, commas, NULL-like words', async () => {
  const m = await machine();
  const codes = ['SAY "HI"', 'BACK\\SLASH', '{BRACED}', 'A,B', 'NULL', '烏龍拿鐵', ''];
  await m.send(codes.map((code) => ({ ...cup(code), ...(code && { recipeVersion: code }) })));
  await waitFor(async () => (await cups(m.id)).length === codes.length, 5000, 'every cup');
  const stored = await f.t.sql(
    `select product_code, recipe_version from production_record where device_id = $1`,
    [m.id],
  );
  expect(stored.map((r) => r.product_code).sort()).toEqual([...codes].sort());
  expect(stored.find((r) => r.product_code === 'NULL')?.recipe_version).toBe('NULL');
  expect(stored.find((r) => r.product_code === '')?.recipe_version).toBeNull();
});

it('writes a steady stream in one batch per interval, not one per message: each batch is fuller', async () => {
  const m = await machine();
  await f.fleet.gateway.flush();
  const before = f.fleet.gateway.stats().batches;
  // A message of five cups every 2 ms or so for a second, from one machine (one lane): messages
  // keep arriving while each batch is written.
  const sent: Array<Promise<unknown>> = [];
  const started = performance.now();
  for (let i = 0; i < 400; i++) {
    sent.push(m.send(Array.from({ length: 5 }, (_, j) => cup(`STREAM-${i}-${j}`))));
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(sent);
  await waitFor(async () => (await cups(m.id)).length === 2000, 20_000, 'every cup of the stream');
  const seconds = (performance.now() - started) / 1000;
  const batches = f.fleet.gateway.stats().batches - before;
  // The gateway waits 100 ms (flushMs) after a batch began before the next one of that lane, unless
  // 5,000 events wait: about ten a second here, however fast each write is (written back to back, a
  // write of a few dozen cups taking a few ms, it made dozens).
  expect(batches).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 2);
});
