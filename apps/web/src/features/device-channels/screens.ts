/** Device channels: levels, refills, each machine's own list. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'machineBasket-index': { load: () => import('./DeviceChannelsPage') },
};
