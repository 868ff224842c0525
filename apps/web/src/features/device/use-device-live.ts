/**
 * Live machine state: `GET /api/coffee/device/live?ids=…` streams server-sent events whose `data:`
 * lines are JSON `LiveEvent`s (fleet-api.ts). Every screen that shows machines asks for its ids with
 * `useDeviceLive`; one hub holds a single EventSource for the union of all of them (a browser allows
 * only six connections per host, and kept-alive tabs stay mounted), re-opening it when the union
 * changes and after the stream closes. Each event is patched into the query cache (live-cache.ts)
 * and moves the commands this user follows (command-tracker.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { LiveEvent } from '@brewfleet/contracts/fleet-api';
import { liveUrl } from '../../api/device-api';
import { commandTracker, pendingDeviceIds, useCommandTracker } from './command-tracker';
import { applyLiveEvent } from './live-cache';

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'retrying';

/** The part of EventSource the hub uses; tests pass a fake. */
export interface LiveSource {
  readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close: () => void;
}

const CLOSED = 2;
const RETRY_MS = [2_000, 5_000, 15_000, 30_000];

/** A `data:` payload → event, or null for anything else (comments, heartbeats, bad JSON). */
export function parseLiveEvent(data: string): LiveEvent | null {
  try {
    const event = JSON.parse(data) as LiveEvent;
    if ((event?.kind === 'device' || event?.kind === 'command') && event.id !== undefined) {
      return { ...event, id: String(event.id) } as LiveEvent;
    }
  } catch {
    // not an event
  }
  return null;
}

export function createLiveHub(open: (url: string) => LiveSource, schedule = setTimeout) {
  const wanted = new Map<string, number>();
  // Counted: screens sharing one query cache share one listener.
  const listeners = new Map<(event: LiveEvent) => void, number>();
  const statusListeners = new Set<() => void>();
  let source: LiveSource | null = null;
  let openIds = '';
  let status: LiveStatus = 'idle';
  let retries = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener();
  };

  const connect = () => {
    pending = null;
    const ids = [...wanted.keys()].sort();
    const key = ids.join(',');
    if (source && key === openIds && source.readyState !== CLOSED) return;
    source?.close();
    source = null;
    openIds = key;
    if (!ids.length) return setStatus('idle');
    setStatus('connecting');
    const current = open(liveUrl(ids));
    source = current;
    current.onopen = () => {
      retries = 0;
      setStatus('open');
    };
    current.onmessage = (message) => {
      const event = parseLiveEvent(message.data);
      if (!event) return;
      if (event.kind === 'command') commandTracker.getState().update(event);
      for (const listener of listeners.keys()) listener(event);
    };
    current.onerror = () => {
      // EventSource retries by itself while CONNECTING; CLOSED (an HTTP error, e.g. a 401) is final.
      if (current.readyState !== CLOSED || source !== current) return;
      setStatus('retrying');
      const delay = RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)];
      pending ??= schedule(connect, delay);
    };
  };

  /** Several subscribers change the ids together (a page of rows): reconnect once after them. */
  const reconnectSoon = () => {
    pending ??= schedule(connect, 0);
  };

  return {
    subscribe(ids: readonly string[], listener?: (event: LiveEvent) => void): () => void {
      for (const id of ids) wanted.set(id, (wanted.get(id) ?? 0) + 1);
      if (listener) listeners.set(listener, (listeners.get(listener) ?? 0) + 1);
      reconnectSoon();
      return () => {
        for (const id of ids) {
          const count = (wanted.get(id) ?? 1) - 1;
          if (count > 0) wanted.set(id, count);
          else wanted.delete(id);
        }
        if (listener) {
          const count = (listeners.get(listener) ?? 1) - 1;
          if (count > 0) listeners.set(listener, count);
          else listeners.delete(listener);
        }
        reconnectSoon();
      };
    },
    status: () => status,
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

let hub: LiveHub | null = null;
function defaultHub(): LiveHub {
  hub ??= createLiveHub((url) => new EventSource(url) as unknown as LiveSource);
  return hub;
}

const patchers = new WeakMap<QueryClient, (event: LiveEvent) => void>();
/** One listener per query cache, so each event is patched once however many screens subscribe. */
function patcherOf(client: QueryClient): (event: LiveEvent) => void {
  let patch = patchers.get(client);
  if (!patch) {
    patch = (event) => applyLiveEvent(client, event);
    patchers.set(client, patch);
  }
  return patch;
}

/**
 * Follows these machines (and those with a command of this user still under way) for as long as
 * the calling screen is mounted; returns the stream's status.
 */
export function useDeviceLive(ids: readonly string[], liveHub: LiveHub = defaultHub()): LiveStatus {
  const client = useQueryClient();
  const pending = useCommandTracker((s) => pendingDeviceIds(s.commands).join(','));
  const key = [...new Set([...ids.map(String), ...(pending ? pending.split(',') : [])])].sort().join(',');
  useEffect(() => {
    if (!key) return;
    return liveHub.subscribe(key.split(','), patcherOf(client));
  }, [key, client, liveHub]);
  return useSyncExternalStore(liveHub.onStatus, liveHub.status);
}
