/**
 * The device side on an external broker (Mosquitto on 127.0.0.1:1883, MQTT 5): two gateways share
 * the machines' messages through a shared subscription, and every event is processed exactly once,
 * resent batches included; a command reaches a machine that comes online later. (Two real server
 * processes: startup.test.ts. This Mosquitto admits anyone; credentials and topic access on Mosquitto:
 * fleet-dynsec.test.ts, and the hooks for other brokers: fleet-gateway.test.ts.)
 */
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import { cupEvent } from './helpers/machine-events.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { quietMachine, startFleetTest, uniqueSerial, waitFor, type FleetTest } from './helpers/fleet.ts';

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
    const events = Array.from({ length: 5 }, () => cupEvent());
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
  const machine = quietMachine(MOSQUITTO, m, { family: 'tea' });
  await machine.start();
  try {
    const state = async () => (await t.sql(`select state from device_command where id = $1`, [id]))[0].state;
    await waitFor(async () => (await state()) === 'succeeded', 10_000, 'command succeeded');
    expect(machine.status.state).toBe('off');
  } finally {
    await machine.stop();
  }
});

it('processes a resent batch once, whichever gateway each copy reaches', async () => {
  const m = await one.register({ serialNumber: uniqueSerial('MOS') });
  const machine = await mqtt.connectAsync(MOSQUITTO, { clientId: m.serialNumber, protocolVersion: 5 });
  const events = Array.from({ length: 3 }, () =>
    cupEvent({ productCode: 'FLAT-WHITE', method: 'scan-code', cupOutSeconds: 28 }),
  );
  const body = JSON.stringify({ v: PROTOCOL_VERSION, events });
  const duplicates = () => one.fleet.gateway.stats().duplicates + two.fleet.gateway.stats().duplicates;
  const before = duplicates();
  // The machine did not get its PUBACK and sends the batch again, several times.
  for (let i = 0; i < 4; i++)
    await machine.publishAsync(topicFor(m.serialNumber, 'events'), body, { qos: 1 });
  await machine.endAsync();
  const rows = async () =>
    (await t.sql(`select count(*)::int as n from production_record where device_id = $1`, [m.id]))[0].n;
  // Three written, the nine copies recognised (and dropped) by whichever gateway got them.
  await waitFor(async () => duplicates() - before >= 9 && (await rows()) === 3, 10_000, 'the copies handled');
  await one.fleet.gateway.flush();
  await two.fleet.gateway.flush();
  expect(await rows()).toBe(3);
});
