/**
 * One loop over the whole menu seed: every page a menu opens in the console (not an external
 * address) has a screen that loads a real component; a page that lists a declared resource as it
 * is gets the generic resource page of that resource. And no screen is declared for a route that
 * no menu page and no fixed route opens.
 */
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MENU_SEED } from '@brewfleet/contracts/menu-seed';
import { MENU_TYPE } from '@brewfleet/contracts/enums';
import ResourcePage from '../../resources/ResourcePage';
import { FIXED_ROUTES } from './fixed-routes';
import { isExternalUrl, routeNameFromUrl } from './menu-routes';
import { FEATURE_SCREENS, RESOURCE_PAGES, screenFor } from './screens';

const seedPages = MENU_SEED.filter((n) => n.type === MENU_TYPE.page && n.url && !isExternalUrl(n.url));
const seedRoutes = new Set(seedPages.map((n) => routeNameFromUrl(n.url)));

describe('screens', () => {
  it('every menu page of the seed loads a component of its own', { timeout: 60_000 }, async () => {
    expect(seedPages.length).toBeGreaterThanOrEqual(49);
    const missing: string[] = [];
    for (const node of seedPages) {
      const name = routeNameFromUrl(node.url);
      const screen = screenFor(name);
      if (!screen) {
        missing.push(`${node.id} ${node.url}`);
        continue;
      }
      const { default: Component } = await screen.load();
      expect(['function', 'object'], `${node.url} loads no component`).toContain(typeof Component);
      if (Object.hasOwn(FEATURE_SCREENS, name)) continue;
      // A generic page: the resource whose list code the menu page carries, in ResourcePage.
      const def = RESOURCE_PAGES[name];
      expect(def.permissions.list, node.url).toBe(node.perms);
      const element: unknown = (Component as () => unknown)();
      expect(isValidElement(element) && element.type === ResourcePage, node.url).toBe(true);
      expect((element as { props: { def: unknown } }).props.def, node.url).toBe(def);
    }
    expect(missing, 'menu pages without a screen').toEqual([]);
  });

  it('the generic page serves plain resources with no page file', () => {
    for (const name of [
      'device-type',
      'device-model',
      'chargingBasket-type',
      'dataCenter-faultLog',
      'store-list',
    ])
      expect(Object.hasOwn(FEATURE_SCREENS, name) ? undefined : RESOURCE_PAGES[name], name).toBeDefined();
  });

  it('declares no screen that nothing opens, and none twice', () => {
    for (const name of Object.keys(FEATURE_SCREENS)) {
      expect(seedRoutes.has(name), `${name}: no menu page of the seed opens it`).toBe(true);
      expect(FIXED_ROUTES, `${name} is a fixed route too`).not.toHaveProperty(name);
    }
    expect(screenFor('no-such-page')).toBeNull();
    expect(screenFor('toString')).toBeNull();
  });
});
