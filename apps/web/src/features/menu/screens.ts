/** Menu settings: the tree of menus. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'menu-list': { load: () => import('./MenuSettingsPage') },
};
