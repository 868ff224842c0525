/** Remote commands (followed live) and production records (bad cups, quality data). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'device-command': { load: () => import('./DeviceCommandPage') },
  'dataCenter-produceRecord': { load: () => import('./ProductionRecordPage') },
};
