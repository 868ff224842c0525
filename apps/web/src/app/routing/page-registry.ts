/**
 * Route name → page. Menu urls name the routes (`account/list` → `account-list`); this table says
 * which screen each name shows. Later issues add their screens by adding entries here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FIXED_ROUTES } from './fixed-routes';

export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  /** The tabs view does not keep this page alive when it is not shown. */
  noCache?: boolean;
  /** Shown in the main layout without a tab of its own (spec §2: the map, merchant machines). */
  notTab?: boolean;
}

export const PAGES: Record<string, PageEntry> = {
  home: { load: () => import('../../features/home/HomePage') },
  'account-list': { load: () => import('../../features/account/AccountPage') },
  'role-list': { load: () => import('../../features/role/RolePage') },
  'organization-list': { load: () => import('../../features/organization/OrganizationPage') },
  'operation-log-list': { load: () => import('../../features/operation-log/OperationLogPage') },
  'menu-list': { load: () => import('../../features/menu/MenuSettingsPage') },
  'merchant-list': { load: () => import('../../features/merchant/MerchantListPage') },
  'merchant-grade': { load: () => import('../../features/merchant/MerchantGradePage') },
  'merchant-account': {
    load: () =>
      import('../../features/account/PartnerAccountPages').then((m) => ({ default: m.MerchantAccountPage })),
  },
  'store-list': { load: () => import('../../features/store/StorePage') },
  'store-account': {
    load: () =>
      import('../../features/account/PartnerAccountPages').then((m) => ({ default: m.StoreAccountPage })),
  },
  // Machines (issue 5): device list, types, models, log, map, merchant machines, commands, data center.
  'device-list': { load: () => import('../../features/device/DeviceListPage') },
  'device-type': { load: () => import('../../features/device-catalog/DeviceTypePage') },
  'device-model': { load: () => import('../../features/device-catalog/DeviceModelPage') },
  'device-journal': { load: () => import('../../features/device-journal/DeviceJournalPage') },
  // Leaflet stays out of the initial bundle: it loads with this page only.
  map: { load: () => import('../../features/map/MapPage'), notTab: true },
  'merchant-machine': {
    load: () => import('../../features/merchant-machine/MerchantMachinesPage'),
    notTab: true,
  },
  'device-command': { load: () => import('../../features/device-records/DeviceCommandPage') },
  'dataCenter-produceRecord': { load: () => import('../../features/device-records/ProductionRecordPage') },
  'dataCenter-faultLog': { load: () => import('../../features/device-records/FaultLogPage') },
  'dataCenter-washRecord': { load: () => import('../../features/device-records/CleaningRecordPage') },
  // Channels and device debugging (issue 5).
  'chargingBasket-type': { load: () => import('../../features/channels/ChannelTypePage') },
  'chargingBasket-index': { load: () => import('../../features/channels/ChannelConfigPage') },
  'chargingBasket-bind': { load: () => import('../../features/channels/DistributionPage') },
  'machineBasket-index': { load: () => import('../../features/device-channels/DeviceChannelsPage') },
  'command-preset': { load: () => import('../../features/device-debug/PresetCommandPage') },
  'command-config': { load: () => import('../../features/device-debug/CommandConfigPage') },
  // Catalog and products (issue 6).
  'produce-name': { load: () => import('../../features/products/ProductListPage') },
  'produce-type': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.ProductTypePage })),
  },
  'produce-matterType': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.MaterialTypePage })),
  },
  'produce-matter': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.MaterialPage })),
  },
  'produce-smallMaterialType': {
    load: () =>
      import('../../features/catalog/CatalogPages').then((m) => ({ default: m.SmallMaterialTypePage })),
  },
  'produce-smallMaterial': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.SmallMaterialPage })),
  },
  'produce-snackType': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.SnackTypePage })),
  },
  'produce-snack': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.SnackPage })),
  },
  'produce-normsType': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.OptionTypePage })),
  },
  'produce-norms': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.OptionPage })),
  },
  'produce-parameter': {
    load: () =>
      import('../../features/catalog/CatalogPages').then((m) => ({ default: m.ProductParameterPage })),
  },
  'produce-name-rule': { load: () => import('../../features/catalog/CodeRulePage') },
  'produce-extraProduce': {
    load: () => import('../../features/catalog/CatalogPages').then((m) => ({ default: m.ExtraProductPage })),
  },
  'produce-extraProduceType': {
    load: () =>
      import('../../features/catalog/CatalogPages').then((m) => ({ default: m.ExtraProductTypePage })),
  },
  'produce-store-product': {
    load: () =>
      import('../../features/product-sales/SalesPages').then((m) => ({ default: m.StoreProductsPage })),
  },
  'produce-machine-product': {
    load: () =>
      import('../../features/product-sales/SalesPages').then((m) => ({ default: m.MachineProductsPage })),
  },
  'produce-machine-thermoplan-product': {
    load: () =>
      import('../../features/product-sales/SalesPages').then((m) => ({
        default: m.AutomaticStoreProductsPage,
      })),
  },
  'produce-thermoplan-machine-product': {
    load: () =>
      import('../../features/product-sales/SalesPages').then((m) => ({
        default: m.AutomaticMachineProductsPage,
      })),
  },
  // Menu distribution (issue 6).
  'menu-distribution': { load: () => import('../../features/menus/MenuDistributionPage') },
  'menu-store': { load: () => import('../../features/menus/StoreMenuPage') },
  'menu-equipment': { load: () => import('../../features/menus/EquipmentMenuPage') },
};

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per route name (menu page or fixed route), made once so React keeps its state. */
export function pageComponent(name: string): LazyExoticComponent<ComponentType> | null {
  const entry = Object.hasOwn(PAGES, name)
    ? PAGES[name]
    : Object.hasOwn(FIXED_ROUTES, name)
      ? FIXED_ROUTES[name]
      : undefined;
  if (!entry) return null;
  let component = lazyPages.get(name);
  if (!component) {
    component = lazy(entry.load);
    lazyPages.set(name, component);
  }
  return component;
}
