/** Roles, with the authorize dialog. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'role-list': { load: () => import('./RolePage') },
};
