/** Taxes (issue 11): the Tax Center's calculator and the packaging bags with their taxes. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'tax-center': { load: () => import('./TaxCenterPage') },
  'tax-packaging-bag': { load: () => import('./PackagingBagPage') },
};
