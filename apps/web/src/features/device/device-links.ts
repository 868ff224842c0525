/** Where a machine's other screens are: its detail page (one per automation), log and channels. */
import type { Row } from '../../api/types';

const q = (value: unknown) => encodeURIComponent(String(value));

/** Automatic machines have their own detail page (spec §2: /device-detailautomatic). */
export function detailPath(row: Pick<Row, 'id'> & { automation?: unknown }): string {
  const page = row.automation === 'automatic' ? '/device-detailautomatic' : '/device-detail';
  return `${page}?id=${q(row.id)}`;
}

export const journalPath = (deviceId: unknown) => `/device-journal?deviceId=${q(deviceId)}`;

/** The channels of one machine (the channels screens). */
export const channelsPath = (deviceId: unknown) => `/machine-bind-chargingBasket?deviceId=${q(deviceId)}`;

/** The device list narrowed to a merchant and one of the counters' conditions. */
export function deviceListPath(filters: { merchantId?: string | null; condition?: string }): string {
  const params = new URLSearchParams();
  if (filters.merchantId) params.set('merchantId', filters.merchantId);
  if (filters.condition && filters.condition !== 'all') params.set('condition', filters.condition);
  const query = params.toString();
  return query ? `/device-list?${query}` : '/device-list';
}
