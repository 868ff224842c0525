import { describe, expect, it } from 'vitest';
import { coffeeEntries, coffeeValue, materialEntries, teaSegments } from './quality';

describe('production quality data', () => {
  it('reads the coffee values in the protocol’s order and leaves out what is not a number', () => {
    expect(coffeeEntries({ pressureBar: 9.123, soakFlowMlPerS: 2, temperatureC: 'hot' })).toEqual([
      ['soakFlowMlPerS', 2],
      ['pressureBar', 9.12],
    ]);
    expect(coffeeEntries(null)).toEqual([]);
    expect(coffeeValue({ coffee: { powderG: 18 } }, 'powderG')).toBe(18);
    expect(coffeeValue({}, 'powderG')).toBeNull();
  });

  it('reads up to three tea segments and the material use', () => {
    expect(
      teaSegments([
        { out: true, rangeS: 30, amountG: 5 },
        { out: false, rangeS: 20, amountG: 3 },
        'bad',
        { out: true, rangeS: 1, amountG: 1 },
      ]),
    ).toEqual([
      { index: 0, out: true, rangeS: 30, amountG: 5 },
      { index: 1, out: false, rangeS: 20, amountG: 3 },
    ]);
    expect(materialEntries([{ channel: 1, grams: 12.345 }, { channel: 'x' }])).toEqual([
      { channel: 1, grams: 12.3 },
    ]);
  });
});
