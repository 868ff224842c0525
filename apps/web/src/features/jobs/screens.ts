/** The platform's background jobs (menu url `platform-job/list`). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'platform-job-list': { load: () => import('./JobsPage') },
};
