/** The home page (`home`). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  home: { load: () => import('./HomePage') },
};
