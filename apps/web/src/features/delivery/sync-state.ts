/**
 * How a bound store's state reads at a glance: binding and menu sync as colored tags, a failed sync
 * in red so it stands out in the list. Solid colours with white text: the light antd presets fall
 * below AA contrast (as order-tags.tsx says).
 */
import type { DELIVERY_BINDINGS, DELIVERY_SYNC_STATES } from '@brewfleet/contracts/resources/delivery';

export type SyncState = (typeof DELIVERY_SYNC_STATES)[number];
export type Binding = (typeof DELIVERY_BINDINGS)[number];

export const SYNC_STATE_COLORS: Record<SyncState, string> = {
  never: '#595959',
  pending: '#0050b3',
  synced: '#237804',
  failed: '#a8071a',
};

export const BINDING_COLORS: Record<Binding, string> = { bound: '#237804', unbound: '#595959' };

/** A store Uber Eats shows as paused (no machine can take orders, or the store is closed). */
export const PAUSED_COLOR = '#874d00';

const PLAIN = '#595959';

/** A value the server may add later is shown plainly rather than breaking the cell. */
export const syncColor = (state: unknown): string =>
  Object.hasOwn(SYNC_STATE_COLORS, String(state)) ? SYNC_STATE_COLORS[state as SyncState] : PLAIN;
export const bindingColor = (binding: unknown): string =>
  Object.hasOwn(BINDING_COLORS, String(binding)) ? BINDING_COLORS[binding as Binding] : PLAIN;

/** Only a bound store has an Uber menu to upload (the server refuses the others). */
export const canSync = (row: Readonly<Record<string, unknown>>) => row.binding === 'bound';
