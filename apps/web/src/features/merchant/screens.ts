/** Merchants (suspend, keys) and their grade relation. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'merchant-list': { load: () => import('./MerchantListPage') },
  'merchant-grade': { load: () => import('./MerchantGradePage') },
};
