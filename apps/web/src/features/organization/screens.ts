/** Organizations: the list beside their tree. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'organization-list': { load: () => import('./OrganizationPage') },
};
