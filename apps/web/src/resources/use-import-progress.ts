/**
 * Polls the server's progress of a running import (`GET /api/coffee/import-progress/<key>`) every
 * POLL_MS while `key` is set. Until the server has recorded the import the answer is 404: ignored.
 */
import { useEffect, useState } from 'react';
import { fetchImportProgress, type ImportProgress } from '../api/resource-api';

export const POLL_MS = 500;

/** A key the server accepts (a uuid); plain-http origins lack `crypto.randomUUID`. */
export function newProgressKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function useImportProgress(key: string | null): ImportProgress | null {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!key) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await fetchImportProgress(key);
        if (!stopped) setProgress(next);
      } catch {
        // not started yet, or gone: the next poll tells
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [key]);
  return progress;
}

/** 0–100 for a progress bar: the row counter of the current phase. */
export function progressPercent(progress: Pick<ImportProgress, 'phase' | 'done' | 'total'>): number {
  if (progress.phase === 'done') return 100;
  if (!progress.total) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
