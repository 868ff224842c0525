/**
 * Machines for the specs: a catalog (type and model), machines registered through the API as an
 * operator would, and simulated machines (apps/simulator) that connect to the server's broker with
 * the secret the registration answered.
 */
import crypto from 'node:crypto';
import { SimulatedMachine, type Family } from '@brewfleet/simulator';
import type { AdminApi } from './api';

export interface Registered {
  id: string;
  name: string;
  serialNumber: string;
  secret: string;
}

export const uniqueSerial = (prefix = 'E2E') => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

/** A device type and a model of it. */
export async function createModel(
  api: AdminApi,
  automation: 'automatic' | 'semi-automatic' = 'automatic',
  family: Family = 'coffee',
): Promise<{ id: string; name: string }> {
  const stamp = crypto.randomUUID().slice(0, 8);
  const type = await api.call<{ id: string }>('POST', '/coffee/device-type', {
    name: `E2E ${automation} ${family} ${stamp}`,
    family,
    automation,
  });
  const name = `E2E model ${stamp}`;
  const model = await api.call<{ id: string }>('POST', '/coffee/device-model', {
    name,
    code: `E2E-${stamp}`,
    deviceTypeId: type.id,
  });
  return { id: String(model.id), name };
}

export async function registerDevice(
  api: AdminApi,
  modelId: string,
  body: Record<string, unknown> = {},
): Promise<Registered> {
  const serialNumber = (body.serialNumber as string) ?? uniqueSerial();
  const name = (body.name as string) ?? `Machine ${serialNumber}`;
  const created = await api.call<{ id: string; secret: string }>('POST', '/coffee/device', {
    name,
    serialNumber,
    modelId,
    ...body,
  });
  return { id: String(created.id), name, serialNumber, secret: created.secret };
}

/** The machine as the API answers it. */
export async function readDevice(api: AdminApi, id: string): Promise<Record<string, unknown>> {
  return api.call<Record<string, unknown>>('GET', `/coffee/device/${id}`);
}

/** Polls the API until `check` holds for the machine. */
export async function waitForDevice(
  api: AdminApi,
  id: string,
  check: (device: Record<string, unknown>) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check(await readDevice(api, id))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A simulated machine online on the server's broker; stop it when done. */
export async function startMachine(
  mqttUrl: string | undefined,
  device: Registered,
  family: Family = 'coffee',
  cupsPerMinute = 0,
  options: { random?: () => number } = {},
): Promise<SimulatedMachine> {
  if (!mqttUrl) throw new Error('no MQTT broker address: run the specs through e2e/run.mjs');
  const machine = new SimulatedMachine({
    url: mqttUrl,
    serialNumber: device.serialNumber,
    secret: device.secret,
    family,
    cupsPerMinute,
    flushMs: 200,
    ...options,
  });
  await machine.start();
  return machine;
}

/**
 * Chance for a simulated machine that never draws below 0.05: no faults, rinses or failed cups, so
 * that a test's machine keeps the status the test gave it.
 */
export const uneventful = () => 0.05 + Math.random() * 0.95;
