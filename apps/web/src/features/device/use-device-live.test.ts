import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deviceKeys } from '../../api/device-api';
import { commandTracker, laterState } from './command-tracker';
import { createLiveHub, parseLiveEvent, useDeviceLive, type LiveSource } from './use-device-live';

class FakeSource implements LiveSource {
  readyState = 0;
  onopen: LiveSource['onopen'] = null;
  onmessage: LiveSource['onmessage'] = null;
  onerror: LiveSource['onerror'] = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

/** A hub whose timers run when `flush` says so. */
function setup() {
  const sources: FakeSource[] = [];
  const timers: Array<() => void> = [];
  const hub = createLiveHub(
    (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    ((fn: () => void) => {
      timers.push(fn);
      return 0;
    }) as unknown as typeof setTimeout,
  );
  const flush = () => {
    while (timers.length) timers.shift()!();
  };
  const idsOf = (source: FakeSource) => new URL(source.url, 'http://x').searchParams.get('ids');
  return { hub, sources, flush, idsOf };
}

beforeEach(() => commandTracker.getState().clear());

describe('live stream', () => {
  it('reads device and command events and nothing else', () => {
    expect(parseLiveEvent('{"kind":"device","id":7,"online":true}')).toMatchObject({
      kind: 'device',
      id: '7',
    });
    expect(parseLiveEvent('{"kind":"other","id":"1"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
  });

  it('opens one stream for the union of every screen’s machines, and closes it when none is left', () => {
    const { hub, sources, flush, idsOf } = setup();
    const offA = hub.subscribe(['2', '1']);
    const offB = hub.subscribe(['2', '3']);
    flush();
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toMatch(/^\/api\/coffee\/device\/live\?/);
    expect(idsOf(sources[0])).toBe('1,2,3');
    offA();
    flush();
    expect(sources[0].closed).toBe(true);
    expect(idsOf(sources[1])).toBe('2,3');
    offB();
    flush();
    expect(sources[1].closed).toBe(true);
    expect(sources).toHaveLength(2);
    expect(hub.status()).toBe('idle');
  });

  it('hands events to listeners, moves followed commands, and reconnects after the stream closes', () => {
    const { hub, sources, flush } = setup();
    commandTracker
      .getState()
      .track([{ id: '90', deviceId: '1', commandId: 'c', type: 'lock', state: 'queued' }]);
    const seen: unknown[] = [];
    hub.subscribe(['1'], (event) => seen.push(event));
    flush();
    sources[0].open();
    expect(hub.status()).toBe('open');
    sources[0].send({
      kind: 'command',
      id: '90',
      deviceId: '1',
      type: 'lock',
      state: 'acknowledged',
      attempts: 1,
      reason: null,
      updatedAt: 'now',
    });
    expect(seen).toHaveLength(1);
    expect(commandTracker.getState().commands[0].state).toBe('acknowledged');

    sources[0].fail();
    expect(hub.status()).toBe('retrying');
    flush();
    expect(sources).toHaveLength(2);
    expect(sources[1].closed).toBe(false);
  });

  it('patches the query cache from a screen’s hook', () => {
    const { hub, sources, flush } = setup();
    const client = new QueryClient();
    client.setQueryData(deviceKeys.detail('5'), { device: { id: '5', online: false }, commands: [] });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const { unmount } = renderHook(() => useDeviceLive(['5'], hub), { wrapper });
    act(flush);
    act(() => sources[0].open());
    act(() =>
      sources[0].send({
        kind: 'device',
        id: '5',
        online: true,
        state: 'idle',
        locked: true,
        alarm: false,
        materialShortage: false,
        maintenanceDue: false,
        menuStatus: 'updated',
        lastSeenAt: null,
        totalCups: 3,
      }),
    );
    expect(
      client.getQueryData<{ device: Record<string, unknown> }>(deviceKeys.detail('5'))!.device,
    ).toMatchObject({
      online: true,
      locked: true,
    });
    unmount();
    act(flush);
    expect(sources[0].closed).toBe(true);
  });
});

describe('command states', () => {
  it('only move forward and stop at a final state', () => {
    expect(laterState('queued', 'sent')).toBe('sent');
    expect(laterState('acknowledged', 'sent')).toBe('acknowledged');
    expect(laterState('sent', 'expired')).toBe('expired');
    expect(laterState('failed', 'succeeded')).toBe('failed');
  });
});
