/**
 * Route name → screen, with no table to keep up: a feature folder's `screens.ts` declares its
 * special screens; a menu page of the seed whose code is a declared resource's list code shows
 * that resource's generic page (resources/ResourcePage.tsx) unless a feature overrides it; the
 * fixed routes (fixed-routes.ts) are reached from other screens. An unknown name has none (→ /404).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MENU_SEED } from '@brewfleet/contracts/menu-seed';
import { MENU_TYPE } from '@brewfleet/contracts/enums';
import { RESOURCES } from '@brewfleet/contracts/resources/index';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { FIXED_ROUTES } from './fixed-routes';
import { routeNameFromUrl } from './menu-routes';
import type { Screen, Screens } from './screen';

/** Every feature's `screens`, by route name; a name declared twice is a mistake found at start. */
function featureScreens(modules: Record<string, Screens>): Screens {
  const all: Screens = {};
  for (const [file, screens] of Object.entries(modules)) {
    for (const [name, screen] of Object.entries(screens)) {
      if (Object.hasOwn(all, name)) throw new Error(`${file}: screen ${name} is declared twice`);
      all[name] = screen;
    }
  }
  return all;
}

export const FEATURE_SCREENS: Screens = featureScreens(
  import.meta.glob<Screens>('../../features/*/screens.ts', { eager: true, import: 'screens' }),
);

const RESOURCE_BY_LIST_CODE = new Map(Object.values(RESOURCES).map((def) => [def.permissions.list, def]));

/** The resource each seeded menu page lists, by route name: the one whose list code the page carries. */
export const RESOURCE_PAGES: Readonly<Record<string, ResourceDef>> = Object.fromEntries(
  MENU_SEED.filter(
    (node) => node.type === MENU_TYPE.page && node.url && RESOURCE_BY_LIST_CODE.has(node.perms),
  )
    .filter((node) => !/^https?:\/\//i.test(node.url))
    .map((node) => [routeNameFromUrl(node.url), RESOURCE_BY_LIST_CODE.get(node.perms)!]),
);

function resourceScreen(def: ResourceDef): Screen {
  return {
    load: () =>
      import('../../resources/ResourcePage').then(({ default: ResourcePage }) => ({
        default: function GenericResourcePage() {
          return <ResourcePage def={def} />;
        },
      })),
  };
}

const resourceScreens = new Map<string, Screen>();

/** The screen of a route name: a feature's, a fixed route's, or a declared resource's generic page. */
export function screenFor(name: string): Screen | null {
  if (Object.hasOwn(FEATURE_SCREENS, name)) return FEATURE_SCREENS[name];
  if (Object.hasOwn(FIXED_ROUTES, name)) return FIXED_ROUTES[name];
  if (!Object.hasOwn(RESOURCE_PAGES, name)) return null;
  let screen = resourceScreens.get(name);
  if (!screen) {
    screen = resourceScreen(RESOURCE_PAGES[name]);
    resourceScreens.set(name, screen);
  }
  return screen;
}

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per route name, made once so React keeps its state. */
export function pageComponent(name: string): LazyExoticComponent<ComponentType> | null {
  const screen = screenFor(name);
  if (!screen) return null;
  let component = lazyPages.get(name);
  if (!component) {
    component = lazy(screen.load);
    lazyPages.set(name, component);
  }
  return component;
}
