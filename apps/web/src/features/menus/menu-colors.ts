/**
 * Colours of the menu screens' tags: a release's state, a machine's menu status, where a machine
 * stands in a push. Dark enough to read on the tag's light tint or under white text (WCAG AA, as the
 * command state tags).
 */
import type { MENU_RELEASE_STATES, MENU_STATUSES } from '@brewfleet/contracts/enums';
import type { Phase } from './progress-merge';

export type ReleaseState = (typeof MENU_RELEASE_STATES)[number];
export type MenuStatus = (typeof MENU_STATUSES)[number];

const GREY = '#595959';
const BLUE = '#0958d9';
const GREEN = '#237804';
const RED = '#a8071a';
const AMBER = '#874d00';

export const RELEASE_STATE_COLORS: Record<ReleaseState, string> = {
  draft: GREY,
  pushing: BLUE,
  done: GREEN,
  // Some machines did not take it: it needs a look, not an alarm.
  partial: AMBER,
};

export const MENU_STATUS_COLORS: Record<MenuStatus, string> = {
  updated: GREEN,
  'not-updated': AMBER,
};

export const PHASE_COLORS: Record<Phase, string> = {
  waiting: GREY,
  'under-way': BLUE,
  succeeded: GREEN,
  failed: RED,
};

/** Unknown values (a newer server) get a neutral tag rather than none. */
export const colorOf = <K extends string>(colors: Record<K, string>, value: unknown): string =>
  (colors as Record<string, string>)[String(value)] ?? GREY;
