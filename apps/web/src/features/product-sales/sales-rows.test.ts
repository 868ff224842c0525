import { describe, expect, it } from 'vitest';
import { addableProducts, joinSales, parsePrice } from './sales-rows';

const products = [
  { id: '1', name: 'Latte', code: 'LAT', family: 'coffee', price: '3.20' },
  { id: '2', name: 'Oolong', code: 'OOL', family: 'tea', price: '2.5' },
  { id: '3', name: 'Espresso', code: 'ESP', family: 'coffee', price: '2.00' },
];

describe('store and machine products', () => {
  it('sell at their own price, else at the catalog price', () => {
    const rows = joinSales(
      [
        { id: '10', productId: '1', price: '3.50', available: true },
        { id: '11', productId: '2', price: null, available: false },
      ],
      products,
    );
    expect(rows.map((r) => [r.name, r.catalogPrice, r.ownPrice, r.price, r.available])).toEqual([
      ['Latte', '3.20', '3.50', '3.50', true],
      ['Oolong', '2.50', null, '2.50', false],
    ]);
  });

  it("name products in the console's language, else by their default name", () => {
    const named = [{ ...products[0], names: { zh: '拿铁', tw: '拿鐵' } }, products[1]];
    const sales = [
      { id: '10', productId: '1' },
      { id: '11', productId: '2' },
    ];
    expect(joinSales(sales, named, 'tw').map((r) => r.name)).toEqual(['拿鐵', 'Oolong']);
    expect(joinSales(sales, named, 'en').map((r) => r.name)).toEqual(['Latte', 'Oolong']);
  });

  it('name a product it cannot see by its id', () => {
    expect(joinSales([{ id: '10', productId: '99' }], products)[0]).toMatchObject({
      name: '99',
      price: null,
    });
  });

  it('offer only products not sold there yet, of the required family', () => {
    const sold = joinSales([{ id: '10', productId: '1' }], products);
    expect(addableProducts(products, sold, 'coffee').map((p) => p.id)).toEqual(['3']);
    expect(addableProducts(products, sold, null).map((p) => p.id)).toEqual(['2', '3']);
  });

  it('take an empty price as the catalog price and refuse what is no amount', () => {
    expect(parsePrice('')).toEqual({ valid: true, value: null });
    expect(parsePrice(' 3.5 ')).toEqual({ valid: true, value: '3.50' });
    expect(parsePrice('3.555').valid).toBe(false);
    expect(parsePrice('-1').valid).toBe(false);
    expect(parsePrice('abc').valid).toBe(false);
  });
});
