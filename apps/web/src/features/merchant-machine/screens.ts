/** Merchant machines: a step to the device list narrowed to a merchant. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'merchant-machine': { load: () => import('./MerchantMachinesPage'), notTab: true },
};
