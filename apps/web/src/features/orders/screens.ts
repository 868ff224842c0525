/** Orders (issue 11): the Order List; its detail page is a fixed route (app/routing/fixed-routes.ts). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'order-list': { load: () => import('./OrderListPage') },
};
