/**
 * The device side on an external broker (Mosquitto on 127.0.0.1:1883, MQTT 5): two server
 * processes' gateways share the machines' messages through a shared subscription, and every event
 * is processed exactly once; a command reaches a machine that comes online later.
 */
import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { startFleetTest, uniqueSerial, waitFor, type FleetTest } from './helpers/fleet.ts';
import { SimulatedMachine } from '@brewfleet/simulator';

const MOSQUITTO = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
let t: TestApp;
let one: FleetTest;
let two: FleetTest;
beforeAll(async () => {
  t = await startTestApp({ logLevel: process.env.TEST_LOG ?? 'silent' });
  one = await startFleetTest({ t, mqttUrl: MOSQUITTO });
  two = await startFleetTest({ t, mqttUrl: MOSQUITTO });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await t?.close();
});

it('two gateways split the messages and process each event exactly once', async () => {
  const m = await one.register({ serialNumber: uniqueSerial('MOS') });
  const machine = await mqtt.connectAsync(MOSQUITTO, { clientId: m.serialNumber, protocolVersion: 5 });
  const before = [one.fleet.gateway.stats(), two.fleet.gateway.stats()];
  // Other machines may share this broker: count only this machine's deliveries to each process.
  const heard = [0, 0];
  const ours = topicFor(m.serialNumber, 'events');
  one.mqtt.client.on('message', (topic) => topic === ours && heard[0]++);
  two.mqtt.client.on('message', (topic) => topic === ours && heard[1]++);
  const messages = 40;
  for (let i = 0; i < messages; i++) {
    const events = Array.from({ length: 5 }, () => ({
      eventId: crypto.randomUUID(),
      type: 'production',
      ts: new Date().toISOString(),
      productCode: 'AMERICANO',
      method: 'manual',
      result: 'completed',
      startedAt: new Date().toISOString(),
      cupOutSeconds: 25,
    }));
    await machine.publishAsync(
      topicFor(m.serialNumber, 'events'),
      JSON.stringify({ v: PROTOCOL_VERSION, events }),
      {
        qos: 1,
      },
    );
  }
  await machine.endAsync();
  const rows = async () =>
    (await t.sql(`select count(*)::int as n from production_record where device_id = $1`, [m.id]))[0].n;
  await waitFor(async () => (await rows()) === messages * 5, 10_000, 'all events written');
  await one.fleet.gateway.flush();
  await two.fleet.gateway.flush();
  const after = [one.fleet.gateway.stats(), two.fleet.gateway.stats()];
  // Each message reached one gateway, both took a share, nothing was written twice.
  expect(heard[0] + heard[1]).toBe(messages);
  expect(heard[0]).toBeGreaterThan(0);
  expect(heard[1]).toBeGreaterThan(0);
  expect(after.map((s, i) => s.duplicates - before[i].duplicates)).toEqual([0, 0]);
  expect(await rows()).toBe(messages * 5);
});

it('delivers a command issued while the machine was offline when it connects', async () => {
  const m = await one.register({ serialNumber: uniqueSerial('MOS') });
  const res = await t.call('POST', '/api/coffee/device/shutdown', {
    token: one.admin,
    body: { ids: [m.id] },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [{ id }] = res.json().data.commands;
  const machine = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: m.serialNumber,
    secret: m.secret,
    family: 'tea',
    cupsPerMinute: 0,
  });
  await machine.start();
  try {
    const state = async () => (await t.sql(`select state from device_command where id = $1`, [id]))[0].state;
    await waitFor(async () => (await state()) === 'succeeded', 10_000, 'command succeeded');
    expect(machine.status.state).toBe('off');
  } finally {
    await machine.stop();
  }
});
