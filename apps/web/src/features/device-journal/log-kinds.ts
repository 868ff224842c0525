/** Tag colours of the machine log's kinds; dark enough for white text (WCAG AA). */
import type { DEVICE_LOG_KINDS } from '@brewfleet/contracts/enums';

export const KIND_COLORS: Record<(typeof DEVICE_LOG_KINDS)[number], string> &
  Record<string, string | undefined> = {
  online: '#237804',
  offline: '#595959',
  fault: '#a8071a',
  'fault-cleared': '#3f6600',
  cleaning: '#0958d9',
  command: '#531dab',
  state: '#434343',
  bind: '#006d75',
  credentials: '#ad4e00',
  'clock-skew': '#7c5e00',
  'channel-refill': '#1d39c4',
};
