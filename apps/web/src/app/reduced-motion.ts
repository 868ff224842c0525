/**
 * Whether the user asked the system for less motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3).
 * The console then turns antd's motion off (dialogs, drawers, menus, tabs appear at once); it follows
 * the setting when it changes. Not a global CSS rule cutting every animation short: antd's popups
 * (selects, dropdown menus) are placed when their motion starts, and were left off screen.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia?.(QUERY);
  list?.addEventListener?.('change', onChange);
  return () => list?.removeEventListener?.('change', onChange);
}

const reduced = () => window.matchMedia?.(QUERY).matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}
