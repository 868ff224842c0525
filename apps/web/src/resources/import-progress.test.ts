import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { configureClient } from '../api/client';
import { createFakeXhr, fail, ok } from '../test/fake-xhr';
import { newProgressKey, POLL_MS, progressPercent, useImportProgress } from './use-import-progress';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('import progress', () => {
  afterEach(() => vi.useRealTimers());

  it('makes uuid keys, also without crypto.randomUUID', () => {
    expect(newProgressKey()).toMatch(UUID);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newProgressKey()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('turns a phase and its counter into a percentage', () => {
    expect(progressPercent({ phase: 'checking', done: 25, total: 100 })).toBe(25);
    expect(progressPercent({ phase: 'reading', done: 0, total: 0 })).toBe(0);
    expect(progressPercent({ phase: 'done', done: 0, total: 0 })).toBe(100);
  });

  it('polls while a key is set, ignoring the 404 before the import has started', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const xhr = createFakeXhr(() =>
      ++calls === 1 ? fail(404, 'not found') : ok({ phase: 'writing', done: 3, total: 10 }),
    );
    const notifyError = vi.fn();
    configureClient({ createXhr: xhr.createXhr, notifyError, getToken: () => 't' });
    const { result, rerender } = renderHook(({ key }) => useImportProgress(key), {
      initialProps: { key: 'k-1' as string | null },
    });
    expect(result.current).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(result.current).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS));
    expect(result.current).toEqual({ phase: 'writing', done: 3, total: 10 });
    expect(xhr.sent[0].url).toMatch(/^\/api\/coffee\/import-progress\/k-1\?timeZone=/);
    expect(notifyError).not.toHaveBeenCalled();
    rerender({ key: null });
    const before = xhr.sent.length;
    await act(async () => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(xhr.sent.length).toBe(before);
    expect(result.current).toBeNull();
  });
});
