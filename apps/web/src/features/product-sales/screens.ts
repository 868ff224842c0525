/** Products sold in stores and on machines, semi- and fully automatic. */
import type { Screens } from '../../app/routing/screen';

export const screens: Screens = {
  'produce-store-product': {
    load: () => import('./SalesPages').then((m) => ({ default: m.StoreProductsPage })),
  },
  'produce-machine-product': {
    load: () => import('./SalesPages').then((m) => ({ default: m.MachineProductsPage })),
  },
  'produce-machine-thermoplan-product': {
    load: () => import('./SalesPages').then((m) => ({ default: m.AutomaticStoreProductsPage })),
  },
  'produce-thermoplan-machine-product': {
    load: () => import('./SalesPages').then((m) => ({ default: m.AutomaticMachineProductsPage })),
  },
};
