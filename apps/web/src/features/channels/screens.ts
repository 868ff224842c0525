/** Channel configuration (merged names, distribute) and the distribution page. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'chargingBasket-index': { load: () => import('./ChannelConfigPage') },
  'chargingBasket-bind': { load: () => import('./DistributionPage') },
};
