/** Menu distribution, and the store and equipment menus. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'menu-distribution': { load: () => import('./MenuDistributionPage') },
  'menu-store': { load: () => import('./StoreMenuPage') },
  'menu-equipment': { load: () => import('./EquipmentMenuPage') },
};
