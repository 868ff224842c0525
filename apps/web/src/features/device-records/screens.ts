/**
 * Remote commands (followed live), production records (bad cups, quality data) and the
 * refractometer readings of those cups.
 */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'device-command': { load: () => import('./DeviceCommandPage') },
  'dataCenter-produceRecord': { load: () => import('./ProductionRecordPage') },
  'dataCenter-calibration': { load: () => import('./CalibrationReadingPage') },
};
