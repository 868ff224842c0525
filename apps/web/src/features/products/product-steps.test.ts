import { describe, expect, it } from 'vitest';
import { PARAMETER_DEFAULTS } from '@brewfleet/contracts/recipes';
import {
  draftFromProduct,
  emptyDraft,
  productBody,
  withoutUnchangedRecipe,
  type ProductDraft,
} from './product-draft';
import { firstIncomplete, stepIssues, stepOfPath, STEPS, type StepContext } from './product-steps';
import { parameterName, rangesFromRows, recipeIssues } from './recipe-check';

const ctx = (over: Partial<StepContext> = {}): StepContext => ({
  families: ['coffee'],
  merchantRequired: false,
  ranges: PARAMETER_DEFAULTS,
  ...over,
});

/** A coffee product complete in every step. */
function espresso(): ProductDraft {
  return {
    ...emptyDraft('coffee'),
    name: 'Espresso',
    code: 'ESP-1',
    price: '2.80',
    materials: [{ materialId: '7', amount: 18, min: 15, max: 22, unit: 'g' }],
    steps: [
      {
        action: 'brew',
        channel: 1,
        params: [
          { key: 'powderG', value: 18 },
          { key: 'temperatureC', value: 93 },
        ],
      },
    ],
  };
}

const keys = (draft: ProductDraft, step: (typeof STEPS)[number], c = ctx()) =>
  stepIssues(step, draft, c).map((i) => `${i.path} ${i.key}`);

describe('product flow steps', () => {
  it('start incomplete: a new product needs its information, materials and recipe', () => {
    const draft = emptyDraft('coffee');
    expect(keys(draft, 'info')).toEqual(['name msg.required', 'code msg.required', 'price msg.required']);
    expect(keys(draft, 'materials')).toEqual([
      'materials.0.materialId msg.required',
      'materials.0.amount msg.required',
    ]);
    expect(keys(draft, 'recipe')).toEqual([
      'recipe.steps.0.action msg.required',
      'recipe.steps.0.paramRows.0 msg.required',
    ]);
    expect(firstIncomplete(draft, ctx())).toBe(0);
    expect(firstIncomplete(espresso(), ctx())).toBe(-1);
  });

  it('check the information step: merchant, family of the flow, code and prices', () => {
    const draft = { ...espresso(), merchantId: null, code: '-bad code', price: '2.805', deliveryPrice: 'x' };
    expect(keys(draft, 'info', ctx({ merchantRequired: true, families: ['tea'] }))).toEqual([
      'merchantId msg.required',
      'code productFlow.info.codeFormat',
      'family msg.required',
      'price msg.invalidMoney',
      'deliveryPrice msg.invalidMoney',
    ]);
  });

  it('check material lines against their limits, and that a drink uses some', () => {
    const line = { materialId: '7', amount: 30, min: 15, max: 22, unit: 'g' as const };
    expect(keys({ ...espresso(), materials: [line] }, 'materials')).toEqual([
      'materials.0.amount productFlow.materials.outsideLimits',
    ]);
    expect(keys({ ...espresso(), materials: [{ ...line, min: 25 }] }, 'materials')).toEqual([
      'materials.0.max productFlow.materials.minAboveMax',
    ]);
    // The contracts' rule, which the server keeps too: its message reads the same everywhere.
    expect(keys({ ...espresso(), materials: [] }, 'materials')).toEqual([
      'materials msg.productNeedsMaterial',
    ]);
    // A snack is sold as it is: no materials, no recipe needed.
    const snack = { ...espresso(), kind: 'snack' as const, materials: [], steps: [] };
    expect([...keys(snack, 'materials'), ...keys(snack, 'recipe')]).toEqual([]);
  });

  it('check combinations and accessories', () => {
    const draft = {
      ...espresso(),
      combos: [{ optionIds: ['l'], amountFactor: null, priceChange: 'abc' }],
      freeSmallMaterialIds: ['1', '2'],
      chargedSmallMaterialIds: ['2'],
    };
    expect(keys(draft, 'combos')).toEqual([
      'combos.0.amountFactor msg.required',
      'combos.0.priceChange msg.invalidMoney',
    ]);
    expect(keys(draft, 'accessories')).toEqual(['chargedSmallMaterialIds msg.toppingFreeAndCharged']);
    expect(stepIssues('accessories', draft, ctx())[0].live).toBe(true);
  });

  it('check what each combination makes of the recipe’s amounts, live, on its factor', () => {
    // 18 g of powder: × 1.3 is 23.4 g (within 5–25 g), × 1.5 is 27 g; the temperature is not scaled.
    const draft: ProductDraft = {
      ...espresso(),
      combos: [
        { optionIds: ['s'], amountFactor: 1.3, priceChange: '0.00' },
        { optionIds: ['l'], amountFactor: 1.5, priceChange: '0.60' },
      ],
    };
    const labels = { parameter: (k: string) => (k === 'powderG' ? 'Powder' : k), family: (f: string) => f };
    expect(stepIssues('combos', draft, ctx({ labels }))).toEqual([
      {
        path: 'combos.1.amountFactor',
        key: 'msg.comboOutOfRange',
        params: { combo: 2, factor: 1.5, step: 1, name: 'Powder', value: 27, min: 5, max: 25, unit: 'g' },
        live: true,
      },
    ]);
    // Until the ranges are known, nothing to say.
    expect(keys(draft, 'combos', ctx({ ranges: null }))).toEqual([]);
  });

  it('put each server error on its step', () => {
    expect(STEPS[stepOfPath('code')]).toBe('info');
    expect(STEPS[stepOfPath('materials')]).toBe('materials');
    expect(STEPS[stepOfPath('recipe.steps.0.params.temperatureC')]).toBe('recipe');
    expect(STEPS[stepOfPath('recipeCombos')]).toBe('combos');
    expect(STEPS[stepOfPath('snackIds')]).toBe('accessories');
  });
});

describe('recipe check wiring', () => {
  const labels = {
    parameter: (k: string) => (k === 'temperatureC' ? 'Temperature' : k),
    family: (f: string) => f,
  };

  it('runs the contracts check: a value out of range is a live issue naming the step and the limits', () => {
    const draft = espresso();
    draft.steps[0].params[1].value = 120;
    const issues = recipeIssues(draft, PARAMETER_DEFAULTS, labels);
    expect(issues).toEqual([
      {
        path: 'recipe.steps.0.params.temperatureC',
        key: 'msg.recipeOutOfRange',
        params: { step: 1, name: 'Temperature', value: 120, min: 80, max: 96, unit: '°C' },
        live: true,
      },
    ]);
  });

  it('uses the ranges the platform keeps, not only the defaults', () => {
    const ranges = rangesFromRows([
      {
        id: '1',
        family: 'coffee',
        key: 'temperatureC',
        unit: '°C',
        min: 85,
        max: 90,
        name: '温度',
        twName: '溫度',
        enName: 'Temperature',
      },
      { id: '2', family: 'coffee', key: 'powderG', unit: 'g', min: 5, max: 25 },
    ]);
    expect(parameterName(ranges[0], 'tw')).toBe('溫度');
    expect(recipeIssues(espresso(), ranges).map((i) => i.key)).toEqual(['msg.recipeOutOfRange']);
  });

  it('flags what only a draft can get wrong: a parameter twice, one without a value', () => {
    const draft = espresso();
    draft.steps[0].params = [
      { key: 'powderG', value: 18 },
      { key: 'powderG', value: 19 },
      { key: 'waterMl', value: null },
    ];
    expect(recipeIssues(draft, PARAMETER_DEFAULTS).map((i) => `${i.path} ${i.key}`)).toEqual([
      'recipe.steps.0.paramRows.1 productFlow.recipe.duplicate',
      'recipe.steps.0.params.waterMl msg.required',
    ]);
  });

  it('asks a tea recipe for three segments, one of them out', () => {
    const tea: ProductDraft = {
      ...emptyDraft('tea'),
      steps: [{ action: 'steep', channel: null, params: [{ key: 'waterMl', value: 300 }] }],
    };
    expect(recipeIssues(tea, PARAMETER_DEFAULTS).map((i) => [i.key, i.live])).toEqual([
      ['msg.teaSegmentsRequired', false],
    ]);
    tea.segments[0] = { out: true, rangeS: 40, amountG: 6 };
    expect(recipeIssues(tea, PARAMETER_DEFAULTS)).toEqual([]);
  });
});

describe('product body', () => {
  it('is what the server takes: money with two places, a recipe object, segments only for tea', () => {
    const body = productBody({ ...espresso(), merchantId: '5', price: '2.8' }, 'create');
    expect(body).toMatchObject({
      merchantId: '5',
      name: 'Espresso',
      code: 'ESP-1',
      family: 'coffee',
      price: '2.80',
      deliveryPrice: null,
      recipe: { steps: [{ action: 'brew', channel: 1, params: { powderG: 18, temperatureC: 93 } }] },
      materials: [{ materialId: '7', amount: 18, min: 15, max: 22, unit: 'g' }],
    });
    expect(body.recipe).not.toHaveProperty('segments');
    // The merchant of a product never changes: an update leaves it out.
    expect(productBody(espresso(), 'update')).not.toHaveProperty('merchantId');
  });

  it('comes back from a stored product unchanged; a copy has no code', () => {
    const stored = {
      id: '9',
      ...productBody({ ...espresso(), merchantId: '5' }, 'create'),
      recipeVersion: 3,
    };
    const draft = draftFromProduct(stored);
    expect(productBody(draft, 'create')).toEqual(productBody({ ...espresso(), merchantId: '5' }, 'create'));
    expect(draftFromProduct(stored, { copy: true }).code).toBe('');
  });

  it('leaves an unchanged recipe out of an update, whatever order the stored keys come in', () => {
    const body = productBody(espresso(), 'update');
    // As jsonb answers it: keys sorted its own way.
    const stored = {
      id: '9',
      recipe: { steps: [{ params: { temperatureC: 93, powderG: 18 }, action: 'brew', channel: 1 }] },
      recipeCombos: null,
    };
    const sent = withoutUnchangedRecipe(body, stored);
    expect(sent).not.toHaveProperty('recipe');
    expect(sent).not.toHaveProperty('recipeCombos');
    expect(sent).toHaveProperty('name', 'Espresso');
    const changed = { ...stored, recipe: { steps: [{ ...stored.recipe.steps[0], channel: 2 }] } };
    expect(withoutUnchangedRecipe(body, changed)).toHaveProperty('recipe');
  });
});
