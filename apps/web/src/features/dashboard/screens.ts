/**
 * The big-screen dashboards (`operation`, `dataShow`: ECharts loads with them only) and the display
 * links' page (the generic resource page, which shows a new link's address once).
 */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  operation: { load: () => import('./OperationPage') },
  dataShow: { load: () => import('./DataShowPage') },
  'dataCenter-displayLink': { load: () => import('./DisplayLinksPage') },
};
