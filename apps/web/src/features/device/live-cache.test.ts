import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceCounters, DeviceDetail, LiveCommand, LiveDevice } from '@brewfleet/contracts/fleet-api';
import { deviceKeys } from '../../api/device-api';
import { resourceKeys } from '../../resources/use-ref-options';
import {
  applyLiveEvent,
  counterDelta,
  detailOutdated,
  patchCounters,
  patchDetail,
  patchDeviceRow,
} from './live-cache';

const snapshot = (patch: Partial<LiveDevice> = {}): LiveDevice => ({
  kind: 'device',
  id: '7',
  online: true,
  state: 'idle',
  locked: false,
  alarm: false,
  materialShortage: false,
  maintenanceDue: false,
  menuStatus: 'updated',
  menuVersion: null,
  assignedMenuVersion: null,
  lastSeenAt: '2026-11-22T08:00:00Z',
  totalCups: 10,
  ...patch,
});

const command = (patch: Partial<LiveCommand> = {}): LiveCommand => ({
  kind: 'command',
  id: '90',
  deviceId: '7',
  type: 'lock',
  state: 'sent',
  attempts: 1,
  reason: null,
  details: null,
  menuReleaseId: null,
  updatedAt: '2026-11-22T08:00:01Z',
  ...patch,
});

const row = (patch: Record<string, unknown> = {}) => ({ ...snapshot(), name: 'Lobby', ...patch });
const COUNTERS: DeviceCounters = { all: 3, offline: 1, shortage: 0, alarm: 0, locked: 0, maintenance: 0 };

const detail = (): DeviceDetail => ({
  device: row(),
  modelName: null,
  typeName: null,
  merchantName: null,
  storeName: null,
  maintenance: {
    basic: { cupsSince: 0, every: 500, due: false, lastAt: null },
    deep: { cupsSince: 0, every: 5000, due: false, lastAt: null },
  },
  today: { cups: 0, badCups: 0, failed: 0 },
  faultStats: [],
  channels: [],
  production: [],
  faults: [],
  cleanings: [],
  commands: [{ id: '90', type: 'lock', state: 'queued', attempts: 0 }],
});

describe('live patches', () => {
  it('replace the live fields of a row, and keep the row when nothing changed', () => {
    const before = row();
    expect(patchDeviceRow(before, snapshot())).toBe(before);
    const after = patchDeviceRow(before, snapshot({ locked: true, totalCups: 11 }));
    expect(after).toMatchObject({ name: 'Lobby', locked: true, totalCups: 11 });
  });

  it('move each counter by what changed', () => {
    expect(counterDelta(row({ online: false }), row({ online: true, locked: true }))).toEqual({
      offline: -1,
      locked: 1,
    });
    expect(counterDelta(row(), row())).toEqual({});
    expect(patchCounters(COUNTERS, { offline: -1, locked: 1 })).toEqual({
      ...COUNTERS,
      offline: 0,
      locked: 1,
    });
    expect(patchCounters(COUNTERS, { alarm: -1 })?.alarm).toBe(0);
  });

  it('move a command of the detail page forward only, and add one it did not know', () => {
    const d = detail();
    const sent = patchDetail(d, command({ state: 'sent' }))!;
    expect(sent.commands[0]).toMatchObject({ id: '90', state: 'sent', attempts: 1 });
    // A late 'sent' does not undo 'succeeded'.
    const done = patchDetail(patchDetail(sent, command({ state: 'succeeded' })), command({ state: 'sent' }))!;
    expect(done.commands[0].state).toBe('succeeded');
    const other = patchDetail(d, command({ id: '91', type: 'restart', state: 'queued' }))!;
    expect(other.commands.map((c) => c.id)).toEqual(['91', '90']);
    expect(patchDetail(d, command({ deviceId: '8' }))).toBe(d);
  });

  it("keep a failed command's reason key, so the page says why in the reader's language", () => {
    const failed = command({
      state: 'failed',
      reason: 'the machine did not answer in time',
      reasonKey: 'noAnswer',
      reasonParams: { seconds: 30 },
    });
    const added = patchDetail(detail(), failed)!;
    expect(added.commands[0]).toMatchObject({ reasonKey: 'noAnswer', reasonParams: { seconds: 30 } });
    const known = patchDetail(patchDetail(detail(), command({ state: 'sent' })), failed)!;
    expect(known.commands[0]).toMatchObject({ state: 'failed', reasonKey: 'noAnswer' });
  });

  it('patch the cached lists, counters and detail once, however often the event comes', () => {
    const client = new QueryClient();
    const listKey = resourceKeys.list('device', { page: 1, limit: 10 });
    client.setQueryData(listKey, { list: [row(), { ...row(), id: '8' }], total: 2, page: 1, limit: 10 });
    client.setQueryData(deviceKeys.counters({}), COUNTERS);
    client.setQueryData(deviceKeys.detail('7'), detail());
    const commandsKey = resourceKeys.list('device-command', { page: 1, limit: 10 });
    client.setQueryData(commandsKey, { list: [{ id: '90', state: 'queued', attempts: 0 }], total: 1 });

    const locked = snapshot({ locked: true, online: true });
    applyLiveEvent(client, locked);
    applyLiveEvent(client, locked);
    const list = client.getQueryData<{ list: Array<Record<string, unknown>> }>(listKey)!.list;
    expect(list.map((r) => r.locked)).toEqual([true, false]);
    expect(client.getQueryData(deviceKeys.counters({}))).toEqual({ ...COUNTERS, locked: 1 });
    expect(client.getQueryData<DeviceDetail>(deviceKeys.detail('7'))!.device.locked).toBe(true);

    applyLiveEvent(client, command({ state: 'acknowledged', attempts: 1 }));
    expect(client.getQueryData<{ list: Array<Record<string, unknown>> }>(commandsKey)!.list[0]).toMatchObject(
      {
        state: 'acknowledged',
        attempts: 1,
      },
    );
    expect(client.getQueryData<DeviceDetail>(deviceKeys.detail('7'))!.commands[0].state).toBe('acknowledged');
  });

  it('mark a command finished when it ends, and read its machine’s detail again', async () => {
    const done = patchDetail(detail(), command({ state: 'succeeded', updatedAt: '2026-11-22T08:00:09Z' }))!;
    expect(done.commands[0]).toMatchObject({ state: 'succeeded', finishedAt: '2026-11-22T08:00:09Z' });
    expect(patchDetail(detail(), command({ state: 'acknowledged' }))!.commands[0].finishedAt).toBeUndefined();

    // A read of the detail on its way when the command ends (started by the page's own refresh)
    // answers the state before: it must not put 'sent' back over the event.
    const client = new QueryClient();
    client.setQueryData(deviceKeys.detail('7'), detail());
    const answers = [
      { ...detail(), commands: [{ id: '90', type: 'lock', state: 'sent', attempts: 1 }] },
      {
        ...detail(),
        commands: [
          { id: '90', type: 'lock', state: 'succeeded', attempts: 1, finishedAt: '2026-11-22T08:00:10Z' },
        ],
      },
    ];
    const pending: Array<(value: DeviceDetail) => void> = [];
    const observer = new QueryObserver(client, {
      queryKey: deviceKeys.detail('7'),
      queryFn: () => new Promise<DeviceDetail>((resolve) => pending.push(resolve)),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});
    void observer.refetch();
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    applyLiveEvent(client, command({ state: 'succeeded' }));
    pending[0](answers[0]);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1](answers[1]);
    await vi.waitFor(() =>
      expect(client.getQueryData<DeviceDetail>(deviceKeys.detail('7'))!.commands[0]).toMatchObject({
        state: 'succeeded',
        finishedAt: '2026-11-22T08:00:10Z',
      }),
    );
    unsubscribe();
  });

  it("read the detail page's records again when a cup or a fault moved the machine, not on a lock", async () => {
    expect(detailOutdated(detail(), snapshot())).toBe(false);
    expect(detailOutdated(detail(), snapshot({ locked: true }))).toBe(false);
    expect(detailOutdated(detail(), snapshot({ totalCups: 11 }))).toBe(true);
    expect(detailOutdated(detail(), snapshot({ alarm: true }))).toBe(true);
    expect(detailOutdated(detail(), snapshot({ id: '8', totalCups: 11 }))).toBe(false);

    const client = new QueryClient();
    let reads = 0;
    const fresh = { ...detail(), today: { cups: 1, badCups: 0, failed: 0 } };
    // An observed query, as the mounted detail page has: invalidation reads it again.
    client.setQueryData(deviceKeys.detail('7'), detail());
    const unsubscribe = new QueryObserver(client, {
      queryKey: deviceKeys.detail('7'),
      queryFn: async () => (reads++, fresh),
      staleTime: Infinity,
    }).subscribe(() => {});
    applyLiveEvent(client, snapshot({ locked: true }));
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(0);
    applyLiveEvent(client, snapshot({ locked: true, totalCups: 11 }));
    await vi.waitFor(() =>
      expect(client.getQueryData<DeviceDetail>(deviceKeys.detail('7'))!.today.cups).toBe(1),
    );
    expect(reads).toBe(1);
    unsubscribe();
  });
});
