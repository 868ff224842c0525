/**
 * The delivery platform (issue 13): the pages that add something to the generic resource page —
 * hints, the stores' sync action and tags, the takeout list whose create and edit open fixed
 * routes (app/routing/fixed-routes.ts) — and the per-store menu view.
 */
import type { ComponentType } from 'react';
import type { Screens } from '../../app/routing/screen';

const named =
  <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  () =>
    load().then((module) => ({ default: module[name] }));

export const screens: Screens = {
  'delivery-uber': { load: named(() => import('./HintedPages'), 'UberAccountPage') },
  'delivery-store': { load: () => import('./DeliveryStoresPage') },
  'delivery-menu': { load: () => import('./TakeoutProductListPage') },
  'produce-delivery-store-product': { load: () => import('./DeliveryStoreProductsPage') },
  'delivery-listing-log': { load: named(() => import('./HintedPages'), 'ListingChangesPage') },
};
