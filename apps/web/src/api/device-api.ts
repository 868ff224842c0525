/**
 * The machine routes beyond the generic resource ones (issue 5): counters, binding, secrets, remote
 * operation, debugging, detail, map and the per-merchant summary. Shapes come from the contracts
 * (`fleet-api.ts`), which the server validates with the same schemas.
 */
import type { REMOTE_OPERATIONS } from '@brewfleet/contracts/device-protocol';
import type {
  DeviceCounters,
  DeviceCredentials,
  DeviceCredentialsBulk,
  DeviceDetail,
  DeviceMap,
  IssuedCommand,
  MerchantMachines,
} from '@brewfleet/contracts/fleet-api';
import { buildUrl, http } from './client';
import { browserTimeZone } from './time-zone';

export type RemoteOperation = (typeof REMOTE_OPERATIONS)[number];

export interface BindRequest {
  ids: string[];
  /** null unbinds the machines. */
  merchantId: string | null;
  storeId?: string | null;
}

/** Commands may come back as a list or wrapped; either way the console wants the list. */
function commandList(answer: unknown): IssuedCommand[] {
  if (Array.isArray(answer)) return answer as IssuedCommand[];
  const wrapped = (answer as { commands?: unknown } | null)?.commands;
  return Array.isArray(wrapped) ? (wrapped as IssuedCommand[]) : [];
}

const DEVICE = '/coffee/device';

export const deviceApi = {
  /** The six counters, for the same filters as the list. */
  counters: (filters: Record<string, unknown>) => http.post<DeviceCounters>(`${DEVICE}/counters`, filters),
  operate: async (operation: RemoteOperation, ids: string[]) =>
    commandList(await http.post<unknown>(`${DEVICE}/${operation}`, { ids })),
  debug: async (ids: string[], presetId: string) =>
    commandList(await http.post<unknown>(`${DEVICE}/debug`, { ids, presetId })),
  bind: (body: BindRequest) => http.post<unknown>(`${DEVICE}/bind`, body),
  /** A new secret: the old one stops working at once; the answer is the only time it is shown. */
  credentials: (id: string) => http.post<DeviceCredentials>(`${DEVICE}/credentials`, { id }),
  /** New secrets for many machines, all or none (imported machines get theirs this way). */
  credentialsBulk: (ids: string[]) => http.post<DeviceCredentialsBulk>(`${DEVICE}/credentials/bulk`, { ids }),
  detail: (id: string) => http.get<DeviceDetail>(`${DEVICE}/detail`, { id }),
  map: (filters: { merchantId?: string; storeId?: string }) => http.post<DeviceMap>(`${DEVICE}/map`, filters),
  merchantSummary: () => http.post<MerchantMachines[]>(`${DEVICE}/merchant-summary`, {}),
};

/**
 * Address of the live stream (server-sent events) for these machines. EventSource cannot send
 * headers: the `token` cookie authenticates it, as it does for uploaded images.
 */
export function liveUrl(ids: readonly string[]): string {
  return buildUrl(`${DEVICE}/live`, { ids: ids.join(','), timeZone: browserTimeZone() });
}

export const deviceKeys = {
  counters: (filters: unknown) => ['resource', 'device', 'counters', filters] as const,
  detail: (id: string) => ['resource', 'device', 'detail', id] as const,
  map: (filters: unknown) => ['resource', 'device', 'map', filters] as const,
  merchantSummary: () => ['resource', 'device', 'merchant-summary'] as const,
};
