/**
 * Live events patched into the query cache, so that lists, counters and the detail page change in
 * place without refetching: a machine snapshot replaces the live fields of its rows and moves the
 * counters by what changed; a command's new state lands in the command rows that show it, and the
 * detail page of its machine is read again once the command ends.
 * Patching is idempotent: the same event twice changes nothing the second time.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@brewfleet/contracts/envelope';
import type {
  DeviceCounters,
  DeviceDetail,
  LiveCommand,
  LiveDevice,
  LiveEvent,
} from '@brewfleet/contracts/fleet-api';
import type { CommandState } from '@brewfleet/contracts/enums';
import type { Row } from '../../api/types';
import { resourceKeys } from '../../resources/use-ref-options';
import { isFinal, laterState } from './command-tracker';
import { conditionsOf } from './device-status';

/** The fields of a device row a snapshot carries. */
export const LIVE_FIELDS = [
  'online',
  'state',
  'locked',
  'alarm',
  'materialShortage',
  'maintenanceDue',
  'menuStatus',
  'lastSeenAt',
  'totalCups',
] as const;

/** The row with the snapshot's fields; the same object when nothing changed. */
export function patchDeviceRow<T extends Record<string, unknown>>(row: T, event: LiveDevice): T {
  if (!LIVE_FIELDS.some((key) => row[key] !== event[key])) return row;
  const next: Record<string, unknown> = { ...row };
  for (const key of LIVE_FIELDS) next[key] = event[key];
  return next as T;
}

export function patchDevicePage(page: Page<Row> | undefined, event: LiveDevice): Page<Row> | undefined {
  if (!page) return page;
  let changed = false;
  const list = page.list.map((row) => {
    if (String(row.id) !== event.id) return row;
    const next = patchDeviceRow(row, event);
    changed ||= next !== row;
    return next;
  });
  return changed ? { ...page, list } : page;
}

/** How each counter moves when a machine goes from `before` to `after`. */
export function counterDelta(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Partial<DeviceCounters> {
  const was = conditionsOf(before);
  const is = conditionsOf(after);
  const delta: Partial<DeviceCounters> = {};
  for (const condition of new Set([...was, ...is])) {
    const move = (is.has(condition) ? 1 : 0) - (was.has(condition) ? 1 : 0);
    if (move) delta[condition] = move;
  }
  return delta;
}

export function patchCounters(
  counters: DeviceCounters | undefined,
  delta: Partial<DeviceCounters>,
): DeviceCounters | undefined {
  if (!counters || !Object.keys(delta).length) return counters;
  const next = { ...counters };
  for (const [key, move] of Object.entries(delta) as Array<[keyof DeviceCounters, number]>)
    next[key] = Math.max(0, (next[key] ?? 0) + move);
  return next;
}

/** When a command in this state finished: the event's time once it is final (the server's own comes on the next read). */
const finishedAt = (state: CommandState, event: LiveCommand) =>
  isFinal(state) ? { finishedAt: event.updatedAt } : {};

/** Command rows (of a list or of the detail page) with the event's state; new ones are not added. */
export function patchCommandRows<T extends Record<string, unknown>>(rows: T[], event: LiveCommand): T[] {
  let changed = false;
  const next = rows.map((row) => {
    if (String(row.id) !== event.id) return row;
    const state = laterState(row.state as CommandState, event.state);
    if (state === row.state && row.attempts === event.attempts) return row;
    changed = true;
    const finished = row.finishedAt ? {} : finishedAt(state, event);
    // The reason travels as a key and parameters too (command-reason.ts shows it in the reader's language).
    return event.reason
      ? {
          ...row,
          state,
          attempts: event.attempts,
          reason: event.reason,
          reasonKey: event.reasonKey,
          reasonParams: event.reasonParams,
          ...finished,
        }
      : { ...row, state, attempts: event.attempts, ...finished };
  });
  return changed ? next : rows;
}

export function patchDetail(detail: DeviceDetail | undefined, event: LiveEvent): DeviceDetail | undefined {
  if (!detail || String(detail.device.id) !== (event.kind === 'device' ? event.id : event.deviceId))
    return detail;
  if (event.kind === 'device') {
    const device = patchDeviceRow(detail.device, event);
    return device === detail.device ? detail : { ...detail, device };
  }
  const known = detail.commands.some((c) => String(c.id) === event.id);
  const commands = known
    ? patchCommandRows(detail.commands, event)
    : // A command issued from this page (or elsewhere) since the detail was read.
      [
        {
          id: event.id,
          deviceId: event.deviceId,
          type: event.type,
          state: event.state,
          attempts: event.attempts,
          reason: event.reason,
          reasonKey: event.reasonKey,
          reasonParams: event.reasonParams,
          createdAt: event.updatedAt,
          ...finishedAt(event.state, event),
        },
        ...detail.commands,
      ];
  return commands === detail.commands ? detail : { ...detail, commands };
}

/** The row of this machine in any cached device list, as it was before the event. */
function cachedDeviceRow(client: QueryClient, id: string): Row | undefined {
  for (const [, page] of client.getQueriesData<Page<Row>>({
    queryKey: [...resourceKeys.all('device'), 'list'],
  })) {
    const row = page?.list.find((r) => String(r.id) === id);
    if (row) return row;
  }
  const detail = client.getQueryData<DeviceDetail>([...resourceKeys.all('device'), 'detail', id]);
  return detail?.device as Row | undefined;
}

/**
 * Fields of a snapshot whose change means the detail page's records moved too: today's cups, the
 * recent production, faults, cleanings, maintenance counters and channel levels are not in a
 * snapshot, so the page reads the machine again (a cup adds to total cups, a fault sets the alarm).
 */
const RECORD_FIELDS = ['totalCups', 'alarm', 'state', 'materialShortage', 'maintenanceDue'] as const;

/** Whether a cached detail of this machine shows records older than the event says they are. */
export function detailOutdated(detail: DeviceDetail | undefined, event: LiveDevice): boolean {
  if (!detail || String(detail.device.id) !== event.id) return false;
  return RECORD_FIELDS.some((key) => detail.device[key] !== event[key]);
}

export function applyLiveEvent(client: QueryClient, event: LiveEvent): void {
  const deviceKey = resourceKeys.all('device');
  if (event.kind === 'device') {
    const detailKey = [...deviceKey, 'detail', event.id];
    // Checked before the snapshot patches the detail's device row, which would hide the change.
    if (detailOutdated(client.getQueryData<DeviceDetail>(detailKey), event))
      void client.invalidateQueries({ queryKey: detailKey, exact: true });
    const before = cachedDeviceRow(client, event.id);
    client.setQueriesData<Page<Row>>({ queryKey: [...deviceKey, 'list'] }, (page) =>
      patchDevicePage(page, event),
    );
    if (before) {
      const delta = counterDelta(before, { ...event });
      if (Object.keys(delta).length) {
        client.setQueriesData<DeviceCounters>({ queryKey: [...deviceKey, 'counters'] }, (counters) =>
          patchCounters(counters, delta),
        );
        // Counters of other filters may not contain this machine: read them again when next shown.
        void client.invalidateQueries({ queryKey: [...deviceKey, 'counters'], refetchType: 'none' });
      }
    }
  } else {
    client.setQueriesData<Page<Row>>(
      { queryKey: [...resourceKeys.all('device-command'), 'list'] },
      (page) => {
        if (!page) return page;
        const list = patchCommandRows(page.list, event);
        return list === page.list ? page : { ...page, list };
      },
    );
  }
  client.setQueriesData<DeviceDetail>({ queryKey: [...deviceKey, 'detail'] }, (detail) =>
    patchDetail(detail, event),
  );
  if (event.kind === 'command') {
    // The machine's detail is read again when one of its commands ends (its finish time and what the
    // command changed are the server's), and whenever a read is on its way: that read may predate the
    // event and would put the older state back over the patch.
    const detailKey = [...deviceKey, 'detail', event.deviceId];
    const cached = client.getQueryState(detailKey);
    if (cached && (isFinal(event.state) || cached.fetchStatus === 'fetching'))
      void client.invalidateQueries({ queryKey: detailKey, exact: true });
  }
}
