/** Which products of a menu a machine cannot make now, by what its channels hold (soldOutProducts). */
import { describe, expect, it } from 'vitest';
import { soldOutProducts, type MenuContent } from '../src/menu-protocol.ts';

type Step = MenuContent['products'][number]['recipe']['steps'][number];
const product = (code: string, steps: Step[]) =>
  ({ code, recipe: { steps } }) as unknown as MenuContent['products'][number];
const menu = {
  products: [
    // 18 g of beans from channel 1, 150 ml of milk from channel 2.
    product('LAT', [
      { action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40 } },
      { action: 'froth', channel: 2, params: { milkMl: 150 } },
    ]),
    product('ESP', [{ action: 'brew', channel: 1, params: { powderG: 18, waterMl: 40 } }]),
    // Water from the line only: no channel, never sold out.
    product('HOT', [{ action: 'dispense', params: { waterMl: 200 } } as Step]),
  ],
} as unknown as MenuContent;

describe('sold out', () => {
  it('is a product one of whose channels is short or holds less than a cup takes', () => {
    const full = { levelG: 1500, shortage: false };
    expect([
      ...soldOutProducts(menu, [
        { channel: 1, ...full },
        { channel: 2, ...full },
      ]),
    ]).toEqual([]);
    // Milk below its low level (a shortage), though 200 g would still make one latte.
    expect([
      ...soldOutProducts(menu, [
        { channel: 1, ...full },
        { channel: 2, levelG: 200, shortage: true },
      ]),
    ]).toEqual(['LAT']);
    // 12 g of beans: neither coffee, whatever the low level says.
    expect([
      ...soldOutProducts(menu, [
        { channel: 1, levelG: 12, shortage: false },
        { channel: 2, ...full },
      ]),
    ]).toEqual(['LAT', 'ESP']);
  });

  it('says nothing of a channel the machine never reported', () => {
    expect([...soldOutProducts(menu, [])]).toEqual([]);
    expect([...soldOutProducts(menu, [{ channel: 1, levelG: null, shortage: false }])]).toEqual([]);
  });
});
