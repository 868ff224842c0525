/** Preset commands: their arguments edited as JSON. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'command-preset': { load: () => import('./PresetCommandPage') },
};
