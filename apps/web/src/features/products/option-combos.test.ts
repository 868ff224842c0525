import { describe, expect, it } from 'vitest';
import { combinations, MAX_COMBOS, optionRowsFrom } from './option-combos';

const options = optionRowsFrom([
  { id: 's', name: 'Small', optionTypeId: 'size', amountFactor: 1, priceChange: '0.00' },
  { id: 'l', name: 'Large', optionTypeId: 'size', amountFactor: 1.4, priceChange: '0.80' },
  { id: 'h', name: 'Hot', optionTypeId: 'temp', amountFactor: 1, priceChange: '0.00' },
  { id: 'i', name: 'Iced', optionTypeId: 'temp', amountFactor: 0.9, priceChange: '0.30' },
]);

describe('recipe combinations', () => {
  it('combine one option of each chosen type, starting from the options’ own settings', () => {
    const { combos, truncated } = combinations(['size', 'temp'], options, []);
    expect(truncated).toBe(false);
    expect(combos).toEqual([
      { optionIds: ['s', 'h'], amountFactor: 1, priceChange: '0.00' },
      { optionIds: ['s', 'i'], amountFactor: 0.9, priceChange: '0.30' },
      { optionIds: ['l', 'h'], amountFactor: 1.4, priceChange: '0.80' },
      { optionIds: ['l', 'i'], amountFactor: 1.26, priceChange: '1.10' },
    ]);
  });

  it('keep what the user set for a combination while the types around it change', () => {
    const edited = [{ optionIds: ['l'], amountFactor: 1.5, priceChange: '1.00' }];
    expect(combinations(['size'], options, edited).combos).toEqual([
      { optionIds: ['s'], amountFactor: 1, priceChange: '0.00' },
      { optionIds: ['l'], amountFactor: 1.5, priceChange: '1.00' },
    ]);
  });

  it('skip types without options and stop at a table a person can fill in', () => {
    expect(combinations(['none'], options, [])).toEqual({ combos: [], truncated: false });
    const many = optionRowsFrom(
      ['a', 'b', 'c'].flatMap((type) =>
        Array.from({ length: 5 }, (_, i) => ({ id: `${type}${i}`, name: `${type}${i}`, optionTypeId: type })),
      ),
    );
    const { combos, truncated } = combinations(['a', 'b', 'c'], many, []);
    expect([combos.length, truncated]).toEqual([MAX_COMBOS, true]);
  });
});
