/**
 * Promised fleet behaviour, through HTTP and real MQTT clients on the embedded broker: the shortage
 * flag follows removed channels, a distributed channel configuration reaches the machine as a
 * `channels` command (also when it was away), family-bound presets refuse other families, clocks
 * that are off are not trusted, retries stop at their limit, tea cups keep their segments, and a
 * perishable material the simulated staff replace before it expires restarts its shelf life.
 */
import crypto from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, topicFor } from '@brewfleet/contracts';
import type { SimulatedMachine } from '@brewfleet/simulator';
import { quietMachine, startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { bareMachine } from './helpers/machine-events.ts';

let f: FleetTest;
let teaModelId: string;
const clients: MqttClient[] = [];
const machines: SimulatedMachine[] = [];

const call = (method: string, url: string, body?: unknown, lang?: 'en' | 'zh' | 'tw') =>
  f.t.call(method, url, { token: f.admin, body, lang });
async function ok(res: Awaited<ReturnType<typeof call>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const detail = async (id: string) => ok(await call('GET', `/api/coffee/device/detail?id=${id}`));
const shortageCount = async (serialNumber: string) =>
  (await ok(await call('POST', '/api/coffee/device/counters', { serialNumber }))).shortage as number;
const commandOf = async (deviceId: string, id: string) =>
  (await detail(deviceId)).commands.find((c: { id: string }) => c.id === id);

beforeAll(async () => {
  f = await startFleetTest();
  const type = await ok(
    await call('POST', '/api/coffee/device-type', {
      name: `Tea ${crypto.randomUUID()}`,
      family: 'tea',
      automation: 'automatic',
    }),
  );
  const model = await ok(
    await call('POST', '/api/coffee/device-model', {
      name: 'Tea model',
      code: `T-${crypto.randomUUID()}`,
      deviceTypeId: type.id,
      // More than the simulated tea machine has: past its own, the server cannot tell, the machine refuses.
      channelCount: 12,
    }),
  );
  teaModelId = model.id;
});
afterAll(async () => {
  await Promise.all(machines.map((m) => m.stop().catch(() => {})));
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await f.close();
});

function simulated(m: { serialNumber: string; secret: string }, family: 'coffee' | 'tea' = 'coffee') {
  const machine = quietMachine(f.url, m, { family, flushMs: 100 });
  machines.push(machine);
  return machine;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

describe('material shortage follows removed channels', () => {
  /** A machine with a fresh channel 1 and a channel 2 past its shelf life (a shortage). */
  async function machineWithShortChannel() {
    const m = await f.register();
    await ok(
      await call('POST', '/api/coffee/device-channel', { deviceId: m.id, name: 'Beans', channelNumber: 1 }),
    );
    const short = await ok(
      await call('POST', '/api/coffee/device-channel', {
        deviceId: m.id,
        name: 'Milk',
        channelNumber: 2,
        shelfLifeHours: 1,
        filledAt: hoursAgo(3),
      }),
    );
    expect((await detail(m.id)).device.materialShortage).toBe(true);
    expect(await shortageCount(m.serialNumber)).toBe(1);
    return { m, short };
  }

  it('clears when the only short channel is deleted', async () => {
    const { m, short } = await machineWithShortChannel();
    await ok(await call('DELETE', '/api/coffee/device-channel', { ids: [short.id] }));
    const after = await detail(m.id);
    expect(after.device.materialShortage).toBe(false);
    expect(after.channels.map((c: { channelNumber: number }) => c.channelNumber)).toEqual([1]);
    expect(await shortageCount(m.serialNumber)).toBe(0);
  });

  it('clears when a distribution drops the short channel', async () => {
    const { m } = await machineWithShortChannel();
    const configName = `keep-one-${crypto.randomUUID().slice(0, 8)}`;
    await ok(
      await call('POST', '/api/coffee/channel-config', { configName, name: 'Beans', channelNumber: 1 }),
    );
    await ok(await call('POST', '/api/coffee/channel-config/distribute', { configName, deviceIds: [m.id] }));
    const after = await detail(m.id);
    expect(after.device.materialShortage).toBe(false);
    expect(after.channels.map((c: { channelNumber: number }) => c.channelNumber)).toEqual([1]);
    expect(await shortageCount(m.serialNumber)).toBe(0);
  });
});

describe('the channels command', () => {
  const config = async (channels: Array<Record<string, unknown>>) => {
    const configName = `cfg-${crypto.randomUUID().slice(0, 8)}`;
    for (const c of channels)
      await ok(await call('POST', '/api/coffee/channel-config', { configName, ...c }));
    return configName;
  };
  const distribute = async (configName: string, ids: string[]) =>
    ok(await call('POST', '/api/coffee/channel-config/distribute', { configName, deviceIds: ids }));

  it('reaches a machine that was away, newest layout only, and the machine adopts it', async () => {
    const m = await f.register();
    const older = await distribute(await config([{ name: 'Old beans', channelNumber: 1 }]), [m.id]);
    const configName = await config([
      {
        name: 'Beans',
        channelNumber: 1,
        material: 'House blend',
        preDischargeSeconds: 2,
        shelfLifeHours: 72,
        lowLevelG: 300,
      },
      { name: 'Water', channelNumber: 4 },
    ]);
    const answer = await distribute(configName, [m.id]);
    expect(answer).toMatchObject({ devices: 1, channels: 2 });
    const [command] = answer.commands;
    expect(command).toMatchObject({ deviceId: m.id, type: 'channels', state: 'queued' });
    await f.fleet.delivery.runOnce();
    expect((await commandOf(m.id, command.id)).state).toBe('queued');
    // The older layout never goes out: it is superseded.
    expect(await commandOf(m.id, older.commands[0].id)).toMatchObject({
      state: 'expired',
      reason: 'superseded by a newer channel configuration',
      // The key the console words in the reader's language (migration 0022).
      reasonKey: 'supersededByChannels',
    });
    expect((await commandOf(m.id, command.id)).params).toEqual({
      configName,
      channels: [
        {
          channel: 1,
          name: 'Beans',
          material: 'House blend',
          preDischargeSeconds: 2,
          shelfLifeHours: 72,
          lowLevelG: 300,
        },
        { channel: 4, name: 'Water', preDischargeSeconds: 0 },
      ],
    });

    const machine = simulated(m);
    await machine.start();
    await waitFor(
      async () => (await commandOf(m.id, command.id)).state === 'succeeded',
      10_000,
      'channels succeeded',
    );
    expect(machine.channelLayout?.channels.map((c) => [c.channel, c.name])).toEqual([
      [1, 'Beans'],
      [4, 'Water'],
    ]);
    // The machine reports levels of exactly the configured channels; none comes back unnamed.
    const channels = await waitFor(
      async () => {
        const list = (await detail(m.id)).channels as Array<Record<string, unknown>>;
        return list.every((c) => c.levelG !== null) ? list : null;
      },
      5000,
      'levels of the new channels',
    );
    expect(channels!.map((c) => [c.channelNumber, c.name, c.levelG])).toEqual([
      [1, 'Beans', 2000],
      [4, 'Water', 12000],
    ]);
    const journal = await ok(
      await call('POST', '/api/coffee/device-log/list', { deviceId: m.id, limit: 100 }),
    );
    expect(journal.list.map((l: { message: string }) => l.message)).toEqual(
      expect.arrayContaining(['channels: queued by admin', 'channels: succeeded']),
    );
    const audit = await ok(
      await call('POST', '/api/coffee/operation-log/list', {
        action: 'channel-config.distribute',
        targetId: m.id,
      }),
    );
    expect(audit.list.map((l: { outcome: string }) => l.outcome)).toEqual(['success', 'success']);
  });

  it('tells the machine its whole layout after its channels are edited by hand', async () => {
    const m = await f.register();
    const add = (channelNumber: number, name: string) =>
      call('POST', '/api/coffee/device-channel', { deviceId: m.id, name, channelNumber }).then(ok);
    const beans = await add(1, 'Beans');
    const milk = await add(2, 'Milk');
    await ok(await call('PUT', '/api/coffee/device-channel', { id: milk.id, preDischargeSeconds: 3 }));
    await ok(await call('DELETE', '/api/coffee/device-channel', { ids: [beans.id] }));
    const commands = (await detail(m.id)).commands as Array<{
      type: string;
      state: string;
      params: { configName: string; channels: Array<Record<string, unknown>> };
    }>;
    const layouts = commands.filter((c) => c.type === 'channels');
    expect(layouts).toHaveLength(4);
    // Only the newest goes out; each earlier one is superseded.
    const pending = layouts.filter((c) => c.state === 'queued');
    expect(pending).toHaveLength(1);
    expect(pending[0].params).toEqual({
      configName: 'edited in the console',
      channels: [{ channel: 2, name: 'Milk', preDischargeSeconds: 3 }],
    });
  });

  it('names each channel number once per configuration, refused on save, in the reader’s language', async () => {
    const configName = `cfg-${crypto.randomUUID().slice(0, 8)}`;
    await ok(
      await call('POST', '/api/coffee/channel-config', { configName, name: 'Beans', channelNumber: 1 }),
    );
    const water = await ok(
      await call('POST', '/api/coffee/channel-config', { configName, name: 'Water', channelNumber: 2 }),
    );
    const twice = await call(
      'POST',
      '/api/coffee/channel-config',
      { configName, name: 'Milk', channelNumber: 1 },
      'tw',
    );
    expect([twice.statusCode, twice.json().msg]).toEqual([409, '此配置已有此編號的料道']);
    const moved = await call('PUT', '/api/coffee/channel-config', { id: water.id, channelNumber: 1 }, 'en');
    expect([moved.statusCode, moved.json().msg]).toEqual([
      409,
      'This configuration already has a channel with this number',
    ]);
    // The same number in another configuration is another machine layout: fine.
    await ok(
      await call('POST', '/api/coffee/channel-config', {
        configName: `${configName}-b`,
        name: 'Milk',
        channelNumber: 1,
      }),
    );
    const rows = await ok(await call('POST', '/api/coffee/channel-config/list', { configName }));
    const own = rows.list.filter((r: { configName: string }) => r.configName === configName);
    expect(own.map((r: { channelNumber: number }) => r.channelNumber).sort()).toEqual([1, 2]);
  });

  it('drops, once adopted, a channel the machine reported again while the layout was on its way', async () => {
    const m = await f.register();
    const machine = await bareMachine(f.url, m, clients);
    const levels = (channels: Array<[number, number]>) =>
      machine.publish('events', {
        events: [
          {
            eventId: crypto.randomUUID(),
            ts: new Date().toISOString(),
            type: 'material',
            levels: channels.map(([channel, grams]) => ({ channel, grams, capacityG: 2000 })),
          },
        ],
      });
    const channelsOf = async () =>
      ((await detail(m.id)).channels as Array<{ channelNumber: number }>).map((c) => c.channelNumber);
    // Channel 4 is nearly empty: a shortage.
    await levels([
      [1, 1500],
      [4, 10],
    ]);
    await waitFor(async () => (await channelsOf()).length === 2, 5000, 'two channels');
    await ok(
      await call('PUT', '/api/coffee/device-channel', {
        id: (await detail(m.id)).channels.find((c: { channelNumber: number }) => c.channelNumber === 4).id,
        lowLevelG: 100,
      }),
    );
    expect((await detail(m.id)).device.materialShortage).toBe(true);
    const [command] = (await distribute(await config([{ name: 'Beans', channelNumber: 1 }]), [m.id]))
      .commands;
    expect(await channelsOf()).toEqual([1]);
    // The machine has not taken the layout yet and still reports channel 4: it comes back, short.
    await levels([
      [1, 1400],
      [4, 10],
    ]);
    await waitFor(async () => (await channelsOf()).length === 2, 5000, 'channel 4 reported again');
    // The machine adopts the layout: channel 4 is gone for good, and so is the shortage.
    await machine.client.publishAsync(
      topicFor(m.serialNumber, 'ack'),
      JSON.stringify({
        v: PROTOCOL_VERSION,
        commandId: command.commandId,
        stage: 'succeeded',
        ts: new Date().toISOString(),
      }),
      { qos: 1 },
    );
    await waitFor(
      async () => (await commandOf(m.id, command.id)).state === 'succeeded',
      5000,
      'layout adopted',
    );
    expect(await channelsOf()).toEqual([1]);
    expect((await detail(m.id)).device.materialShortage).toBe(false);
  });

  it('is refused by a machine without one of the channels, and the reason is kept', async () => {
    const m = await f.register({ modelId: teaModelId });
    const machine = simulated(m, 'tea');
    await machine.start();
    await waitFor(async () => (await detail(m.id)).device.online, 5000, 'online');
    const configName = await config([
      { name: 'Oolong', channelNumber: 1 },
      { name: 'Syrup', channelNumber: 7 },
    ]);
    const [command] = (await distribute(configName, [m.id])).commands;
    const done = await waitFor(
      async () => {
        const c = await commandOf(m.id, command.id);
        return c.state === 'failed' && c;
      },
      10_000,
      'channels failed',
    );
    expect(done.reason).toContain('no channel 7');
    expect(machine.channelLayout).toBeNull();
  });
});

describe('preset commands of one family', () => {
  it('refuses machines of another family, naming them, in each language, and queues nothing', async () => {
    const coffee = await f.register();
    const tea = await f.register({ modelId: teaModelId });
    const presets = await ok(await call('POST', '/api/coffee/preset-command/list', { limit: 500 }));
    const calibrate = presets.list.find((p: { action: string }) => p.action === 'calibrate-grinder');
    const rinse = presets.list.find((p: { action: string }) => p.action === 'rinse');
    expect(calibrate.family).toBe('coffee');
    const body = { ids: [coffee.id, tea.id], presetId: calibrate.id };
    const en = await call('POST', '/api/coffee/device/debug', body, 'en');
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json().msg).toBe(
      `“${calibrate.name}” is for coffee machines only; these machines are of another family: ${tea.serialNumber}`,
    );
    for (const lang of ['zh', 'tw'] as const) {
      const res = await call('POST', '/api/coffee/device/debug', body, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(tea.serialNumber);
      expect(res.json().msg).not.toContain(coffee.serialNumber);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await detail(coffee.id)).commands).toEqual([]);
    expect((await detail(tea.id)).commands).toEqual([]);

    const own = await ok(
      await call('POST', '/api/coffee/device/debug', { ids: [coffee.id], presetId: calibrate.id }),
    );
    expect(own.commands).toHaveLength(1);
    // A preset of no family suits every machine.
    const any = await ok(
      await call('POST', '/api/coffee/device/debug', { ids: [coffee.id, tea.id], presetId: rinse.id }),
    );
    expect(any.commands).toHaveLength(2);
  });
});

describe('clocks, retries and tea cups', () => {
  it('uses its own receive time for a machine whose clock is off by more than 300 s, and flags it', async () => {
    const m = await f.register();
    const machine = await bareMachine(f.url, m, clients);
    const wrong = hoursAgo(2);
    const before = Date.now();
    await machine.publish('status', { online: true, ts: wrong, state: 'idle' });
    const eventId = crypto.randomUUID();
    await machine.publish('events', {
      events: [
        {
          eventId,
          type: 'production',
          ts: wrong,
          productCode: 'LATTE-L',
          method: 'manual',
          result: 'completed',
          startedAt: wrong,
          cupOutSeconds: 30,
          materials: [],
        },
      ],
    });
    const cup = await waitFor(async () => (await detail(m.id)).production[0], 5000, 'the cup');
    const producedAt = Date.parse(cup.producedAt);
    expect(producedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(producedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await detail(m.id)).device.clockSkewed).toBe(true);
    const journal = await ok(
      await call('POST', '/api/coffee/device-log/list', { deviceId: m.id, limit: 100 }),
    );
    expect(journal.list.map((l: { kind: string }) => l.kind)).toContain('clock-skew');
    // Once the clock is right again, the flag goes and the machine's times are used.
    await machine.publish('status', { online: true, ts: new Date().toISOString() });
    await waitFor(async () => !(await detail(m.id)).device.clockSkewed, 5000, 'clock trusted again');
  });

  it('stops retrying at the type’s maximum attempts; the command then expires', async () => {
    const [lock] = await ok(
      await call('POST', '/api/coffee/command-config/list', { commandType: 'lock' }),
    ).then((d) => d.list);
    await ok(await call('PUT', '/api/coffee/command-config', { id: lock.id, maxAttempts: 2 }));
    const m = await f.register();
    const machine = await bareMachine(f.url, m, clients);
    await machine.publish('status', { online: true, ts: new Date().toISOString() });
    await waitFor(async () => (await detail(m.id)).device.online, 5000, 'online');
    const [command] = (await ok(await call('POST', '/api/coffee/device/lock', { ids: [m.id] }))).commands;
    await waitFor(() => machine.commands.length === 1, 5000, 'first attempt');
    // The retry interval passes (30 s by configuration): the second and last attempt goes out.
    const due = () =>
      f.t.sql(`update device_command set next_attempt_at = now() where id = $1`, [command.id]);
    await due();
    await f.fleet.delivery.runOnce();
    await waitFor(() => machine.commands.length === 2, 5000, 'second attempt');
    await due();
    await f.fleet.delivery.runOnce();
    await new Promise((r) => setTimeout(r, 1500));
    expect(machine.commands).toHaveLength(2);
    expect(new Set(machine.commands.map((c) => c.commandId))).toEqual(new Set([command.commandId]));
    expect(await commandOf(m.id, command.id)).toMatchObject({ state: 'sent', attempts: 2, maxAttempts: 2 });
    // Unanswered, it ends as expired when its time is up.
    await f.t.sql(`update device_command set expires_at = now() - interval '1 second' where id = $1`, [
      command.id,
    ]);
    await f.fleet.delivery.runOnce();
    expect(await commandOf(m.id, command.id)).toMatchObject({
      state: 'expired',
      reason: 'expired',
      reasonKey: 'expired',
    });
    expect(machine.commands).toHaveLength(2);
  });

  it('stores the extraction segments of a tea cup', async () => {
    const m = await f.register({ modelId: teaModelId });
    const machine = await bareMachine(f.url, m, clients);
    const segments = [
      { out: true, rangeS: 40, amountG: 6 },
      { out: true, rangeS: 55, amountG: 6 },
      { out: false, rangeS: 0, amountG: 0 },
    ];
    const now = new Date().toISOString();
    await machine.publish('events', {
      events: [
        {
          eventId: crypto.randomUUID(),
          type: 'production',
          ts: now,
          productCode: 'OOLONG-M',
          method: 'scan-code',
          result: 'completed',
          startedAt: now,
          cupOutSeconds: 95,
          extractionSeconds: 95,
          tea: segments,
          materials: [{ channel: 1, grams: 12 }],
        },
      ],
    });
    const cups = await waitFor(
      async () => {
        const list = await ok(await call('POST', '/api/coffee/production-record/list', { deviceId: m.id }));
        return list.list.length === 1 && list.list;
      },
      5000,
      'the tea cup',
    );
    const [cup] = cups;
    expect(cup).toMatchObject({ productCode: 'OOLONG-M', coffee: null });
    // tea is a detail field (not in lists): read it where the console does, on the detail page.
    const [shown] = (await detail(m.id)).production;
    expect(shown.tea).toEqual(segments);
    expect(shown.materials).toEqual([{ channel: 1, grams: 12 }]);
  });
});

describe('a perishable material', () => {
  /** An IANA zone where it is about noon now: the staff's morning round (07:00) is past there. */
  const zoneAtNoon = () => {
    let ahead = 12 - new Date().getUTCHours();
    if (ahead > 12) ahead -= 24;
    if (ahead < -11) ahead += 24;
    // Etc/GMT-N is N hours ahead of UTC.
    return ahead === 0 ? 'Etc/GMT' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
  };

  it('replaced by a simulated machine’s staff is a refill: the channel no longer expired', async () => {
    const m = await f.register();
    const milk = await ok(
      await call('POST', '/api/coffee/device-channel', {
        deviceId: m.id,
        name: 'Milk powder',
        channelNumber: 2,
        shelfLifeHours: 72,
        capacityG: 1500,
        lowLevelG: 200,
      }),
    );
    const channel = async (): Promise<any> =>
      (await detail(m.id)).channels.find((c: { id: string }) => c.id === milk.id);
    // Its milk powder went in 80 hours ago (8 hours past its shelf life), as the server knows too.
    const machine = quietMachine(f.url, m, {
      flushMs: 100,
      faultChance: 0,
      timeZone: zoneAtNoon(),
      initial: { levels: [{ channel: 2, grams: 900, filledAt: hoursAgo(80) }] },
    });
    machines.push(machine);
    await machine.start();
    // The machine takes its layout (the channel created above, with its shelf life) and reports it.
    await waitFor(
      async () => {
        await f.fleet.delivery.runOnce();
        return machine.channelLayout !== null && (await channel()).levelG === 900;
      },
      10_000,
      'the layout taken and the level reported',
    );
    await ok(await call('PUT', '/api/coffee/device-channel', { id: milk.id, filledAt: hoursAgo(80) }));
    expect(await channel()).toMatchObject({ shortage: true });
    expect((await detail(m.id)).device.materialShortage).toBe(true);

    const refills = async () =>
      (await f.t.sql(`select 1 from device_log where device_id = $1 and kind = 'channel-refill'`, [m.id]))
        .length;
    const before = await refills();
    // A tick of the machine's life past its morning round: the material is replaced.
    machine.tick();
    const fresh = await waitFor(
      async () => {
        const c = await channel();
        return !c.shortage && c;
      },
      10_000,
      'the material replaced',
    );
    expect(Date.now() - Date.parse(fresh.filledAt)).toBeLessThan(60_000);
    expect(Date.parse(fresh.expiresAt) - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect(fresh.levelG).toBeGreaterThanOrEqual(0.3 * 1500);
    expect((await detail(m.id)).device.materialShortage).toBe(false);
    // Logged as a refill of the channel, as the console's machine log shows one.
    expect(await refills()).toBe(before + 1);
  });
});
