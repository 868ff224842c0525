/**
 * Route name → screen, with no table to keep up: a feature folder's `screens.ts` declares its
 * special screens; a menu page of the seed whose code is a declared resource's list code shows
 * that resource's generic page (resources/ResourcePage.tsx) unless a feature overrides it; the
 * fixed routes (fixed-routes.ts) are reached from other screens. An unknown name has none (→ /404).
 */
import { lazy, useState, type ComponentType } from 'react';
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

export interface Page {
  component: ComponentType;
  /** Loads the screen's code; once it has loaded, the page renders at once instead of suspending. */
  preload: () => Promise<unknown>;
}

const pages = new Map<string, Page>();

/**
 * A screen's page. React.lazy suspends on a page's first render even when its code is already here,
 * and React then shows the Suspense fallback and holds the page back for its reveal throttle (~300 ms
 * of nothing on every first visit of a page). The route's loader preloads the code before the
 * navigation commits (router.tsx), so the page renders the loaded component directly; lazy stays for
 * a render that comes first. The choice is made once per mounted page, so it never remounts.
 */
export function loadablePage(screen: Screen): Page {
  let loaded: ComponentType | null = null;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= screen.load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A chunk that failed to load (a new deployment, the network) is fetched again next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function LoadablePage() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { component: LoadablePage, preload };
}

function page(name: string): Page | null {
  const screen = screenFor(name);
  if (!screen) return null;
  let made = pages.get(name);
  if (!made) {
    made = loadablePage(screen);
    pages.set(name, made);
  }
  return made;
}

/** One component per route name, made once so React keeps its state. */
export function pageComponent(name: string): ComponentType | null {
  return page(name)?.component ?? null;
}

/** Loads a route's screen before its navigation commits; a name without a screen, or a failed load, is left to the page. */
export async function preloadPage(name: string): Promise<void> {
  await page(name)
    ?.preload()
    .catch(() => undefined);
}
