/** Administrators with reset password; merchant and store accounts, the same list narrowed to one kind. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'account-list': { load: () => import('./AccountPage') },
  'merchant-account': {
    load: () => import('./PartnerAccountPages').then((m) => ({ default: m.MerchantAccountPage })),
  },
  'store-account': {
    load: () => import('./PartnerAccountPages').then((m) => ({ default: m.StoreAccountPage })),
  },
};
