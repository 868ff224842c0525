/** The extraction estimate (issue 17 §3): the data center's calculator of one cup (`dataCenter/extractionEstimate`). */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'dataCenter-extractionEstimate': { load: () => import('./ExtractionEstimatePage') },
};
