/**
 * A release's progress as the drawer shows it: the server's answer (polled) with the machines' live
 * command events merged in. The rows are command rows (`id` = the command's id) kept under the
 * device-command list keys, so the shared live stream (features/device/live-cache.ts) moves their
 * state as it moves every other command row. Polls and live events may arrive in any order: a row's
 * state only moves forward, and a poll never undoes a live event that overtook it.
 */
import { isFinal, laterState } from '../device/command-tracker';
import { resourceKeys } from '../../resources/use-ref-options';
import type { MenuProgress, ProgressMachine } from './menu-api';

export type ProgressRow = ProgressMachine & { id: string };

/** The progress in the shape of a command list page, which the live patcher knows. */
export interface ProgressPage extends Omit<MenuProgress, 'machines'> {
  list: ProgressRow[];
  total: number;
}

/** Under the device-command lists: live command events patch it, and so do their invalidations. */
export const progressKey = (releaseId: string) =>
  [...resourceKeys.all('device-command'), 'list', { menuReleaseProgress: releaseId }] as const;

export function toProgressPage(progress: MenuProgress): ProgressPage {
  const { machines, ...release } = progress;
  const list = machines.map((m) => ({ ...m, id: String(m.commandId), deviceId: String(m.deviceId) }));
  return { ...release, list, total: list.length };
}

/** One row: the fetched one, unless what the page already had is further along for the same command. */
export function mergeRow(before: ProgressRow | undefined, fetched: ProgressRow): ProgressRow {
  if (!before || before.id !== fetched.id) return fetched; // a new command (pushed again) replaces the old
  const state = laterState(before.state, fetched.state);
  if (state === fetched.state) return { ...fetched, attempts: Math.max(before.attempts, fetched.attempts) };
  // The reason goes with its key: both the page's, or both the fetched row's.
  const reasonOf = before.reason != null ? before : fetched;
  return {
    ...fetched,
    state,
    attempts: Math.max(before.attempts, fetched.attempts),
    reason: reasonOf.reason,
    reasonKey: reasonOf.reasonKey,
    reasonParams: reasonOf.reasonParams,
    updatedAt: before.updatedAt > fetched.updatedAt ? before.updatedAt : fetched.updatedAt,
  };
}

/**
 * The query's structural sharing: every new value (a poll's answer or a live patch) is merged into
 * the previous one row by row; unchanged rows keep their identity so the table does not redraw them.
 */
export function mergeProgress(before: unknown, next: unknown): unknown {
  const old = before as ProgressPage | undefined;
  const page = next as ProgressPage | undefined;
  if (!old || !page || old.id !== page.id) return page;
  const byDevice = new Map(old.list.map((row) => [row.deviceId, row]));
  const list = page.list.map((row) => {
    const kept = byDevice.get(row.deviceId);
    const merged = mergeRow(kept, row);
    return kept && JSON.stringify(kept) === JSON.stringify(merged) ? kept : merged;
  });
  return { ...page, list };
}

export type Phase = 'waiting' | 'under-way' | 'succeeded' | 'failed';

/**
 * Where a machine stands: a command not finished on a machine that is offline waits for it to come
 * back (it is delivered then); failed and expired both need a push again.
 */
export function phaseOf(row: Pick<ProgressRow, 'state' | 'online'>): Phase {
  if (row.state === 'succeeded') return 'succeeded';
  if (isFinal(row.state)) return 'failed';
  return row.online ? 'under-way' : 'waiting';
}

export interface ProgressSummary {
  targets: number;
  succeeded: number;
  failed: number;
  underWay: number;
  waiting: number;
  /** The release's state, as the server computes it, from the merged rows. */
  state: string;
}

export function summarize(page: ProgressPage): ProgressSummary {
  const count = (phase: Phase) => page.list.filter((row) => phaseOf(row) === phase).length;
  const summary = {
    targets: page.list.length,
    succeeded: count('succeeded'),
    failed: count('failed'),
    underWay: count('under-way'),
    waiting: count('waiting'),
  };
  const open = summary.underWay + summary.waiting;
  const state = !page.list.length ? page.state : open ? 'pushing' : summary.failed ? 'partial' : 'done';
  return { ...summary, state };
}

/** The machines a "push again" goes to: those whose command failed or expired. */
export const retryTargets = (page: ProgressPage): string[] =>
  page.list.filter((row) => phaseOf(row) === 'failed').map((row) => row.deviceId);
