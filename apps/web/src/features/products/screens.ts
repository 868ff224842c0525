/** The product list and its flows (the flows' own routes are fixed routes). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'produce-name': { load: () => import('./ProductListPage') },
};
