/**
 * Route name → page. Menu urls name the routes (`account/list` → `account-list`); this table says
 * which screen each name shows. Later issues add their screens by adding entries here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface PageEntry {
  load: () => Promise<{ default: ComponentType }>;
  /** The tabs view does not keep this page alive when it is not shown. */
  noCache?: boolean;
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
  // Channels and device debugging (issue 5).
};

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per route name, made once so React keeps its state between renders. */
export function pageComponent(name: string): LazyExoticComponent<ComponentType> | null {
  const entry = PAGES[name];
  if (!entry) return null;
  let component = lazyPages.get(name);
  if (!component) {
    component = lazy(entry.load);
    lazyPages.set(name, component);
  }
  return component;
}
