/** Code rules: the next code previewed in the form and the list. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'produce-name-rule': { load: () => import('./CodeRulePage') },
};
