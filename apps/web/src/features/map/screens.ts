/** The map; Leaflet stays out of the initial bundle and loads with this page only. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  map: { load: () => import('./MapPage'), notTab: true },
};
