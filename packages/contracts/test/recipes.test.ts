import { describe, expect, it } from 'vitest';
import {
  PARAMETER_DEFAULTS,
  checkCombos,
  checkProductParts,
  menuProduct,
  scalesWithAmount,
  translate,
  type Recipe,
} from '../src/index.ts';

const lungo: Recipe = {
  steps: [{ action: 'brew', params: { powderG: 15, waterMl: 300, temperatureC: 93, pressureBar: 9 } }],
};

describe('recipe combinations', () => {
  it('scale the amounts (ml, g) only: temperatures, pressures and times stay', () => {
    const scaled = PARAMETER_DEFAULTS.filter(scalesWithAmount).map((r) => `${r.family}.${r.key}`);
    expect(scaled).toContain('coffee.waterMl');
    expect(scaled).toContain('tea.sugarG');
    expect(scaled.some((k) => /temperatureC|pressureBar|S$/.test(k))).toBe(false);
  });

  it('refuse a factor that takes an amount out of its range, naming the combination, step and limits', () => {
    const combos = [
      { optionIds: ['1'], amountFactor: 1 },
      { optionIds: ['2'], amountFactor: 1.4 },
      // Temperature and pressure would be out of range at 1.4 too, were they scaled.
      { optionIds: ['3'], amountFactor: null },
    ];
    const issues = checkCombos('coffee', lungo, combos, PARAMETER_DEFAULTS);
    expect(issues).toEqual([
      {
        path: 'recipeCombos.1.amountFactor',
        key: 'msg.comboOutOfRange',
        params: {
          combo: 2,
          factor: 1.4,
          step: 1,
          name: 'waterMl',
          value: 420,
          min: 15,
          max: 400,
          unit: 'ml',
        },
      },
    ]);
    expect(translate(issues[0].key, 'en', issues[0].params)).toBe(
      'Combination 2 (× 1.4), step 1: waterMl 420 is outside 15–400 ml',
    );
    const named = checkCombos('coffee', lungo, combos, PARAMETER_DEFAULTS, (c) =>
      c.optionIds[0] === '2' ? 'Large / No ice' : undefined,
    );
    expect(translate(named[0].key, 'tw', { ...named[0].params, name: '水量' })).toBe(
      '組合 Large / No ice（× 1.4），第 1 步：水量 420 超出 15–400 ml',
    );
  });

  it('count an amount that lands on a limit as within it, and leave a wrong recipe to the recipe check', () => {
    const edge: Recipe = { steps: [{ action: 'brew', params: { waterMl: 250, powderG: 30 } }] };
    // 250 × 1.6 is 400.00000000000006 in floating point; powderG 30 is already out of range.
    expect(checkCombos('coffee', edge, [{ optionIds: [], amountFactor: 1.6 }], PARAMETER_DEFAULTS)).toEqual(
      [],
    );
    // Below the minimum too: a small cup of 20 ml water at × 0.5 is 10 ml, under 15 ml.
    const small: Recipe = { steps: [{ action: 'brew', params: { waterMl: 20 } }] };
    expect(
      checkCombos('coffee', small, [{ optionIds: [], amountFactor: 0.5 }], PARAMETER_DEFAULTS).map(
        (i) => i.params.value,
      ),
    ).toEqual([10]);
  });
});

describe('product parts', () => {
  it('need a material for what a machine makes, not for a snack', () => {
    expect(checkProductParts({ kind: 'drink', materials: [] })).toEqual([
      { path: 'materials', key: 'msg.productNeedsMaterial', params: {} },
    ]);
    expect(checkProductParts({ kind: 'tea' }).map((i) => i.key)).toEqual(['msg.productNeedsMaterial']);
    expect(checkProductParts({ kind: 'snack' })).toEqual([]);
    expect(checkProductParts({ kind: 'drink', materials: [{ materialId: '1', amount: 18 }] })).toEqual([]);
    expect(checkProductParts({ kind: 'drink' }, { materialsRequired: false })).toEqual([]);
  });

  it('refuse a topping both free and charged, whatever the id’s type', () => {
    const both = { kind: 'snack', freeSmallMaterialIds: ['4', 5], chargedSmallMaterialIds: [5] };
    expect(checkProductParts(both)).toEqual([
      { path: 'chargedSmallMaterialIds', key: 'msg.toppingFreeAndCharged', params: {} },
    ]);
    expect(checkProductParts({ ...both, chargedSmallMaterialIds: ['6'] })).toEqual([]);
    expect(translate('msg.toppingFreeAndCharged', 'tw')).toBe('同一小料不能既免費又加價');
  });
});

describe('menu protocol', () => {
  const product = {
    code: 'LAT',
    name: 'Latte',
    kind: 'drink',
    family: 'coffee',
    price: '3.90',
    recipeVersion: 1,
    recipe: lungo,
    toppings: [],
  };
  const option = { type: 'Size', name: 'Large', priceChange: '0.60', amountFactor: 1.4, isDefault: false };

  it('tells whether an option type takes several choices and must be chosen, optionally', () => {
    const parsed = menuProduct.parse({
      ...product,
      options: [{ ...option, multiple: false, required: true }],
    });
    expect(parsed.options[0]).toMatchObject({ multiple: false, required: true });
    // A menu of an older release, without them, stays valid.
    expect(menuProduct.safeParse({ ...product, options: [option] }).success).toBe(true);
  });
});
