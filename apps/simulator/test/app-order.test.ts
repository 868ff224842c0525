/**
 * What a machine does with an app order (docs/device-protocol.md §4.9): it takes it when it can make
 * every cup now, and refuses it whole — with a reason — when it is locked, off or faulty, when a
 * product is not on its menu or not orderable, or when the channels do not hold enough for all the
 * cups together.
 */
import { describe, expect, it } from 'vitest';
import type { MenuContent } from '@brewfleet/contracts';
import { checkAppOrder } from '../src/app-order.ts';
import { CHANNELS, ChannelLevels } from '../src/channels.ts';

type MenuProduct = MenuContent['products'][number];
const product = (code: string, orderable = true): MenuProduct => ({
  code,
  name: code,
  kind: 'drink',
  family: 'coffee',
  price: '50.00',
  recipeVersion: 1,
  recipe: { steps: [{ action: 'grind', channel: 1, params: { powderG: 18 } }] },
  options: [],
  toppings: [],
  orderable,
});
const menu: MenuContent = { version: 'v1', name: 'Menu', products: [product('LAT'), product('OFF', false)] };
const order = (lines: Array<{ productCode: string; quantity: number }>) => ({
  orderNo: 'APP-261123-1',
  pickupCode: '1234',
  orderType: 'pack',
  lines: lines.map((l, i) => ({ line: i + 1, options: [], toppings: [], unitPrice: '50.00', ...l })),
});
const machine = (over: Partial<{ locked: boolean; state: string }> = {}) => ({
  locked: false,
  state: 'idle',
  menu,
  levels: new ChannelLevels(CHANNELS.coffee),
  ...over,
});

describe('an app order at the simulator', () => {
  it('is taken when every cup can be made now', () => {
    const verdict = checkAppOrder(order([{ productCode: 'LAT', quantity: 2 }]), machine());
    expect(verdict).toMatchObject({ ok: true, order: { orderNo: 'APP-261123-1' } });
  });

  it('is refused whole when the machine is locked, off or faulty', () => {
    const lines = order([{ productCode: 'LAT', quantity: 1 }]);
    expect(checkAppOrder(lines, machine({ locked: true }))).toEqual({
      ok: false,
      reason: 'the machine is locked',
    });
    expect(checkAppOrder(lines, machine({ state: 'off' }))).toEqual({
      ok: false,
      reason: 'the machine is off',
    });
    expect(checkAppOrder(lines, machine({ state: 'fault' }))).toEqual({
      ok: false,
      reason: 'the machine has a fault',
    });
  });

  it('is refused as sold out for a product off the menu or not orderable, or beans short for all the cups', () => {
    expect(checkAppOrder(order([{ productCode: 'ESP', quantity: 1 }]), machine())).toEqual({
      ok: false,
      reason: 'sold out: ESP',
    });
    expect(checkAppOrder(order([{ productCode: 'OFF', quantity: 1 }]), machine())).toEqual({
      ok: false,
      reason: 'sold out: OFF',
    });
    const m = machine();
    // Enough for two cups of 18 g, not for three.
    m.levels.set(1, 40);
    expect(checkAppOrder(order([{ productCode: 'LAT', quantity: 2 }]), m).ok).toBe(true);
    expect(checkAppOrder(order([{ productCode: 'LAT', quantity: 3 }]), m)).toEqual({
      ok: false,
      reason: 'sold out: channel 1 is short of material',
    });
  });

  it('is refused when it is not an app order of the protocol', () => {
    expect(checkAppOrder({ orderNo: 'x' }, machine())).toEqual({ ok: false, reason: 'malformed app order' });
  });
});
