import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveCommand } from '@brewfleet/contracts/fleet-api';
import { applyLiveEvent } from '../device/live-cache';
import type { MenuProgress, ProgressMachine } from './menu-api';
import {
  mergeProgress,
  phaseOf,
  progressKey,
  retryTargets,
  summarize,
  toProgressPage,
  type ProgressPage,
} from './progress-merge';
import { pollInterval } from './use-release-progress';

const machine = (over: Partial<ProgressMachine> = {}): ProgressMachine => ({
  deviceId: '11',
  serialNumber: 'SN-11',
  name: 'Lobby',
  online: true,
  commandId: '501',
  state: 'sent',
  attempts: 1,
  reason: null,
  details: null,
  updatedAt: '2026-11-22T09:00:00.000Z',
  ...over,
});

const progress = (machines: ProgressMachine[], over: Partial<MenuProgress> = {}): ProgressPage =>
  toProgressPage({
    id: '7',
    version: '2026-11-22.1',
    state: 'pushing',
    targets: machines.length,
    succeeded: 0,
    failed: 0,
    machines,
    ...over,
  });

const event = (over: Partial<LiveCommand> = {}): LiveCommand => ({
  kind: 'command',
  id: '501',
  deviceId: '11',
  type: 'menu',
  state: 'succeeded',
  attempts: 1,
  reason: null,
  details: null,
  menuReleaseId: null,
  updatedAt: '2026-11-22T09:00:05.000Z',
  ...over,
});

describe('progress rows', () => {
  it('are command rows keyed by the command, ids as strings', () => {
    const page = progress([
      machine({ deviceId: 11 as unknown as string, commandId: 501 as unknown as string }),
    ]);
    expect(page.list[0]).toMatchObject({ id: '501', deviceId: '11' });
    expect(page.total).toBe(1);
  });

  it('keep a live state that overtook a poll answered before it', () => {
    const live = progress([machine({ state: 'succeeded', attempts: 2 })]);
    const stalePoll = progress([machine({ state: 'acknowledged', attempts: 1 })]);
    const merged = mergeProgress(live, stalePoll) as ProgressPage;
    expect(merged.list[0]).toMatchObject({ state: 'succeeded', attempts: 2 });
    // Nothing changed: the row keeps its identity (the table does not redraw it).
    expect(merged.list[0]).toBe(live.list[0]);
  });

  it('take what the poll adds: a later state, a rejection’s details', () => {
    const before = progress([machine({ state: 'failed', reason: 'menu rejected' })]);
    const details = [{ productCode: 'HOT', message: 'Step 1: temperatureC 98 is outside 80–96 °C' }];
    const polled = progress([machine({ state: 'failed', reason: 'menu rejected', details })]);
    expect((mergeProgress(before, polled) as ProgressPage).list[0].details).toEqual(details);
  });

  it('replace a machine’s row when it was pushed again (a new command)', () => {
    const before = progress([machine({ state: 'failed' })]);
    const again = progress([machine({ commandId: '502', state: 'queued', attempts: 0 })]);
    expect((mergeProgress(before, again) as ProgressPage).list[0]).toMatchObject({
      id: '502',
      state: 'queued',
    });
  });

  it('start over for another release', () => {
    const other = progress([machine({ state: 'queued' })], { id: '8' });
    const merged = mergeProgress(progress([machine({ state: 'succeeded' })]), other) as ProgressPage;
    expect(merged.list[0].state).toBe('queued');
  });

  it('move with the shared live stream, which patches them as command rows', () => {
    const client = new QueryClient();
    client.setQueryData(
      progressKey('7'),
      progress([machine(), machine({ deviceId: '12', commandId: '601' })]),
    );
    applyLiveEvent(client, event());
    // An event of another command (an older, superseded menu) leaves the rows alone.
    applyLiveEvent(client, event({ id: '999', deviceId: '12', state: 'expired' }));
    const page = client.getQueryData<ProgressPage>(progressKey('7'))!;
    expect(page.list.map((r) => r.state)).toEqual(['succeeded', 'sent']);
    // Final is final: a late "sent" does not undo it.
    applyLiveEvent(client, event({ state: 'sent' }));
    expect(client.getQueryData<ProgressPage>(progressKey('7'))!.list[0].state).toBe('succeeded');
  });
});

describe('where machines stand', () => {
  it('offline machines with a command not finished wait for their return', () => {
    expect(phaseOf({ state: 'queued', online: false })).toBe('waiting');
    expect(phaseOf({ state: 'sent', online: true })).toBe('under-way');
    expect(phaseOf({ state: 'succeeded', online: false })).toBe('succeeded');
    expect(phaseOf({ state: 'expired', online: true })).toBe('failed');
    expect(phaseOf({ state: 'failed', online: true })).toBe('failed');
  });

  it('count them and derive the release’s state as the server does', () => {
    const rows = [
      machine({ deviceId: '1', commandId: '1', state: 'succeeded' }),
      machine({ deviceId: '2', commandId: '2', state: 'failed' }),
      machine({ deviceId: '3', commandId: '3', state: 'queued', online: false }),
    ];
    expect(summarize(progress(rows))).toEqual({
      targets: 3,
      succeeded: 1,
      failed: 1,
      underWay: 0,
      waiting: 1,
      state: 'pushing',
    });
    expect(summarize(progress(rows.slice(0, 2))).state).toBe('partial');
    expect(summarize(progress(rows.slice(0, 1))).state).toBe('done');
    expect(summarize(progress([], { state: 'draft' })).state).toBe('draft');
  });

  it('push again goes to the failed and expired machines only', () => {
    const rows = [
      machine({ deviceId: '1', commandId: '1', state: 'expired' }),
      machine({ deviceId: '2', commandId: '2', state: 'failed' }),
      machine({ deviceId: '3', commandId: '3', state: 'succeeded' }),
      machine({ deviceId: '4', commandId: '4', state: 'queued', online: false }),
    ];
    expect(retryTargets(progress(rows))).toEqual(['1', '2']);
  });

  it('poll often while machines answer, seldom while only offline ones wait, not at all when done', () => {
    expect(pollInterval(undefined)).toBe(false);
    expect(pollInterval(progress([machine({ state: 'sent' })]))).toBe(3000);
    expect(pollInterval(progress([machine({ state: 'queued', online: false })]))).toBe(10_000);
    expect(pollInterval(progress([machine({ state: 'succeeded' })]))).toBe(false);
  });
});
