/**
 * The server's price of a reported order line (docs/device-protocol.md, "the price rule"): the menu
 * product's price, plus the recipe combination's price change when the chosen options make one (else
 * each option's), plus charged toppings; what cannot be priced keeps the machine's price, flagged.
 */
import { describe, expect, it } from 'vitest';
import { orderEvent, type MenuContent } from '@brewfleet/contracts';
import { menuUnitPrice, priceOrder } from '../src/modules/orders/pricing.ts';

const latte = {
  code: 'LAT',
  name: 'Latte',
  kind: 'drink',
  family: 'coffee',
  price: '60.00',
  recipeVersion: 1,
  recipe: { steps: [] },
  options: [
    { id: '1', type: 'Size', name: 'Large', priceChange: '10.00', amountFactor: 1.3, isDefault: false },
    { id: '2', type: 'Milk', name: 'Oat', priceChange: '15.00', amountFactor: 1, isDefault: false },
    { id: '3', type: 'Ice', name: 'Iced', priceChange: '0.00', amountFactor: 1, isDefault: false },
  ],
  toppings: [
    { name: 'Pearls', price: '5.00', charged: true },
    { name: 'Cinnamon', price: '3.00', charged: false },
  ],
  combos: [{ optionIds: ['2', '1'], amountFactor: 1.3, priceChange: '20.00' }],
} as unknown as MenuContent['products'][number];

describe('the price of one', () => {
  it('adds the chosen options, or the combination they make instead, and charged toppings', () => {
    expect(menuUnitPrice(latte, [], [])).toBe(6000n);
    expect(menuUnitPrice(latte, ['1', '3'], [])).toBe(7000n);
    // Large + oat is a combination priced 20 (not 10 + 15).
    expect(menuUnitPrice(latte, ['1', '2'], [])).toBe(8000n);
    expect(
      menuUnitPrice(
        latte,
        [],
        [
          { code: 'Pearls', quantity: 2 },
          { code: 'Cinnamon', quantity: 1 },
        ],
      ),
    ).toBe(7000n);
  });
});

describe('an order priced', () => {
  const report = (lines: unknown[]) =>
    orderEvent.parse({
      eventId: '6f1f2b1e-8a57-4c2e-9d0e-3b1f6c1d2a10',
      ts: '2026-11-23T08:00:00+08:00',
      type: 'order',
      orderNo: 'A-1',
      pickupCode: '0042',
      orderType: 'pack',
      lines,
      payment: { method: 'cash', amount: '0.00' },
    });
  const menu = { version: 'v1', name: 'Menu', products: [latte] } as MenuContent;
  const catalog = { id: '7', name: 'Latte', names: null, productTypeId: '9', price: '60.00' };

  it('flags a line whose price is not the menu’s and keeps the server’s', () => {
    const priced = priceOrder(
      report([{ line: 1, productCode: 'LAT', unitPrice: '70.00', quantity: 2, options: ['1', '2'] }]),
      menu,
      () => catalog,
      () => undefined,
    );
    expect(priced.lines[0]).toMatchObject({
      unitPrice: 8000n,
      reportedUnitPrice: 7000n,
      amount: 16000n,
      flag: 'differs',
    });
    expect(priced.notes).toEqual([
      { line: 1, key: 'order.check.priceDiffers', params: { line: 1, reported: '70.00', expected: '80.00' } },
    ]);
  });

  it('keeps an unknown product at the machine’s price, and an unknown extra at none, both flagged', () => {
    const priced = priceOrder(
      report([
        {
          line: 1,
          productCode: 'NOPE',
          unitPrice: '30.00',
          quantity: 1,
          extras: [{ code: '123', quantity: 1 }],
        },
      ]),
      menu,
      () => undefined,
      () => undefined,
    );
    expect(priced.lines.map((l) => [l.kind, l.unitPrice, l.flag])).toEqual([
      ['product', 3000n, 'unknown-product'],
      ['extra', 0n, 'unknown-product'],
    ]);
    expect(priced.notes.map((n) => n.key)).toEqual([
      'order.check.unknownProduct',
      'order.check.unknownExtra',
    ]);
  });

  it('without the menu, checks a plain cup against the catalog and says the menu is unknown', () => {
    const priced = priceOrder(
      report([{ line: 1, productCode: 'LAT', unitPrice: '55.00', quantity: 1 }]),
      null,
      () => catalog,
      () => undefined,
    );
    expect(priced.menuUnknown).toBe(true);
    expect(priced.lines[0]).toMatchObject({ unitPrice: 6000n, flag: 'differs' });
  });
});
