/** The operation log: its action column reads as a sentence in the viewer's language. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'operation-log-list': { load: () => import('./OperationLogPage') },
};
