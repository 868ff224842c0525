/** The device list: counters, live status, remote operations. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'device-list': { load: () => import('./DeviceListPage') },
};
