/**
 * What a screen of the console is to the routing: how to load it and how the tabs view treats it.
 * A feature folder declares its special screens in its own `screens.ts` (`export const screens`),
 * keyed by route name (menu url `account/list` → `account-list`); screens.tsx finds them. A page
 * that lists a declared resource as it is needs no entry at all.
 */
import type { ComponentType } from 'react';

export interface Screen {
  load: () => Promise<{ default: ComponentType }>;
  /** The tabs view does not keep this page alive when it is not shown. */
  noCache?: boolean;
  /** Shown in the main layout without a tab of its own (spec §2: the map, merchant machines). */
  notTab?: boolean;
}

/** A feature's screens, by route name. */
export type Screens = Record<string, Screen>;
