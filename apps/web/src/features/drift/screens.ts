/** Extraction drift (issue 17 point 4): the data center's drift page (`dataCenter/drift`). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'dataCenter-drift': { load: () => import('./DriftPage') },
};
