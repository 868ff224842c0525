/** The machine log, narrowed to a machine when opened from one. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'device-journal': { load: () => import('./DeviceJournalPage') },
};
