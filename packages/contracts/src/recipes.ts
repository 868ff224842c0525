/**
 * Recipes (issue 6): what a machine does to make a product, as steps of numeric parameters, plus the
 * three tea segments on tea machines. Each machine family has its parameters and their ranges; the
 * platform keeps them as product parameters (seeded from PARAMETER_DEFAULTS), the console checks a
 * recipe against them before saving, and a machine checks a pushed menu against its own.
 */
import { z } from 'zod';
import { MACHINE_FAMILIES, teaSegment } from './device-protocol.ts';
import { idSchema, MONEY_MAX, MONEY_PATTERN, NUMBER_LIMIT } from './resource.ts';

export type MachineFamily = (typeof MACHINE_FAMILIES)[number];

/** The product families behind the four create routes of spec §2, and the machines each suits. */
export const PRODUCT_FLOWS = {
  'produce-name-create': ['coffee'],
  'produce-three-name-create': ['tea'],
  'produce-blender-create': ['blender', 'ice-sand'],
  'produce-four-name-create': ['milk-frother'],
} as const satisfies Record<string, readonly MachineFamily[]>;
export type ProductFlow = keyof typeof PRODUCT_FLOWS;
export const flowOfFamily = (family: MachineFamily): ProductFlow =>
  (Object.keys(PRODUCT_FLOWS) as ProductFlow[]).find((f) =>
    (PRODUCT_FLOWS[f] as readonly string[]).includes(family),
  )!;

export interface ParameterRange {
  family: MachineFamily;
  key: string;
  unit: string;
  min: number;
  max: number;
  /** zh, tw, en */
  names: [string, string, string];
}

const p = (
  family: MachineFamily,
  key: string,
  unit: string,
  min: number,
  max: number,
  names: [string, string, string],
): ParameterRange => ({ family, key, unit, min, max, names });

/** The parameters a machine of each family accepts, with the ranges the machines themselves enforce. */
export const PARAMETER_DEFAULTS: ParameterRange[] = [
  p('coffee', 'powderG', 'g', 5, 25, ['粉量', '粉量', 'Powder']),
  p('coffee', 'waterMl', 'ml', 15, 400, ['水量', '水量', 'Water']),
  p('coffee', 'temperatureC', '°C', 80, 96, ['温度', '溫度', 'Temperature']),
  p('coffee', 'pressureBar', 'bar', 6, 12, ['压力', '壓力', 'Pressure']),
  p('coffee', 'preinfusionS', 's', 0, 10, ['预浸时间', '預浸時間', 'Pre-infusion']),
  p('coffee', 'milkMl', 'ml', 0, 300, ['牛奶', '牛奶', 'Milk']),
  p('coffee', 'foamS', 's', 0, 30, ['打泡时间', '打泡時間', 'Foaming']),
  p('coffee', 'syrupMl', 'ml', 0, 40, ['糖浆', '糖漿', 'Syrup']),
  p('tea', 'waterMl', 'ml', 50, 700, ['水量', '水量', 'Water']),
  p('tea', 'temperatureC', '°C', 60, 100, ['温度', '溫度', 'Temperature']),
  p('tea', 'sugarG', 'g', 0, 40, ['糖量', '糖量', 'Sugar']),
  p('tea', 'milkMl', 'ml', 0, 200, ['牛奶', '牛奶', 'Milk']),
  p('ice-sand', 'iceG', 'g', 50, 400, ['冰量', '冰量', 'Ice']),
  p('ice-sand', 'baseMl', 'ml', 50, 400, ['基底', '基底', 'Base']),
  p('ice-sand', 'syrupMl', 'ml', 0, 60, ['糖浆', '糖漿', 'Syrup']),
  p('ice-sand', 'blendS', 's', 5, 90, ['搅拌时间', '攪拌時間', 'Blending']),
  p('milk-frother', 'milkMl', 'ml', 50, 400, ['牛奶', '牛奶', 'Milk']),
  p('milk-frother', 'foamS', 's', 0, 60, ['打泡时间', '打泡時間', 'Foaming']),
  p('milk-frother', 'temperatureC', '°C', 40, 75, ['温度', '溫度', 'Temperature']),
  p('blender', 'fruitG', 'g', 0, 300, ['水果', '水果', 'Fruit']),
  p('blender', 'yoghurtG', 'g', 0, 250, ['优格', '優格', 'Yoghurt']),
  p('blender', 'iceG', 'g', 0, 300, ['冰量', '冰量', 'Ice']),
  p('blender', 'syrupMl', 'ml', 0, 60, ['糖浆', '糖漿', 'Syrup']),
  p('blender', 'blendS', 's', 5, 120, ['搅拌时间', '攪拌時間', 'Blending']),
];

export const recipeStep = z.object({
  /** What the step does, as the machine names it: grind, brew, milk, foam, steep, ice, blend … */
  action: z.string().trim().min(1).max(32),
  /** The channel it doses from, if any. */
  channel: z.number().int().min(1).max(99).nullish(),
  params: z.record(z.string().max(32), z.number().finite().min(-NUMBER_LIMIT).max(NUMBER_LIMIT)),
});

export const recipeSchema = z.object({
  steps: z.array(recipeStep).max(30),
  /** Tea machines: the first, second and third extraction segments. */
  segments: z.array(teaSegment).max(3).optional(),
});
export type Recipe = z.infer<typeof recipeSchema>;

/** One thing wrong with a recipe: a message key of i18n/messages.ts and its parameters. */
export interface RecipeIssue {
  path: string;
  key: string;
  params: Record<string, string | number>;
}

/** Check a recipe against a family's parameter ranges; an empty list means it is fine. */
export function checkRecipe(
  family: MachineFamily,
  recipe: Recipe,
  ranges: readonly ParameterRange[],
): RecipeIssue[] {
  const issues: RecipeIssue[] = [];
  const own = new Map(ranges.filter((r) => r.family === family).map((r) => [r.key, r]));
  if (!recipe.steps.length) issues.push({ path: 'recipe.steps', key: 'msg.recipeEmpty', params: {} });
  recipe.steps.forEach((step, i) => {
    for (const [key, value] of Object.entries(step.params)) {
      const range = own.get(key);
      const path = `recipe.steps.${i}.params.${key}`;
      if (!range)
        issues.push({ path, key: 'msg.recipeUnknownParameter', params: { step: i + 1, name: key, family } });
      else if (value < range.min || value > range.max)
        issues.push({
          path,
          key: 'msg.recipeOutOfRange',
          params: { step: i + 1, name: key, value, min: range.min, max: range.max, unit: range.unit },
        });
    }
  });
  if (family === 'tea') {
    const segments = recipe.segments ?? [];
    if (segments.length !== 3 || !segments.some((s) => s.out))
      issues.push({ path: 'recipe.segments', key: 'msg.teaSegmentsRequired', params: {} });
    // A segment that pours out runs for some time and some leaves: 0 s or 0 g pours nothing.
    segments.forEach((s, i) => {
      if (s.out && (s.rangeS <= 0 || s.amountG <= 0))
        issues.push({
          path: `recipe.segments.${i}`,
          key: 'msg.teaSegmentEmpty',
          params: { segment: i + 1, seconds: s.rangeS, grams: s.amountG },
        });
    });
  } else if (recipe.segments?.length) {
    issues.push({ path: 'recipe.segments', key: 'msg.segmentsOnlyTea', params: {} });
  }
  return issues;
}

/**
 * Which recipe parameters a recipe combination's `amountFactor` multiplies: the amounts, measured in
 * ml or g (water, milk, powder, ice …). Temperatures, pressures and times stay as they are: a large
 * cup is not brewed hotter or longer. The console, the server and a machine all scale by this rule.
 */
export const SCALED_UNITS: readonly string[] = ['ml', 'g'];
export const scalesWithAmount = (range: Pick<ParameterRange, 'unit'>): boolean =>
  SCALED_UNITS.includes(range.unit);

/** A recipe combination as the checks read it; a factor not set yet (a draft) is not checked. */
export interface ComboFactor {
  optionIds: readonly string[];
  amountFactor: number | null | undefined;
}

/**
 * Check what each recipe combination makes of the recipe: every amount (`scalesWithAmount`) times
 * the combination's factor stays within its range. A parameter that is unknown or already out of
 * range is the recipe check's to report, not each combination's. `label` names a combination (its
 * options' names, where the caller knows them); without it, its number.
 */
export function checkCombos(
  family: MachineFamily,
  recipe: Recipe,
  combos: readonly ComboFactor[],
  ranges: readonly ParameterRange[],
  label: (combo: ComboFactor, index: number) => string | undefined = () => undefined,
): RecipeIssue[] {
  const issues: RecipeIssue[] = [];
  const own = new Map(ranges.filter((r) => r.family === family).map((r) => [r.key, r]));
  combos.forEach((combo, c) => {
    const factor = combo.amountFactor;
    if (factor == null || !Number.isFinite(factor)) return;
    recipe.steps.forEach((step, i) => {
      for (const [key, value] of Object.entries(step.params)) {
        const range = own.get(key);
        if (!range || !scalesWithAmount(range) || value < range.min || value > range.max) continue;
        // Rounded as people read amounts: 250 ml × 1.6 is 400 ml, not 400.00000000000006.
        const scaled = Math.round(value * factor * 1000) / 1000;
        if (scaled >= range.min && scaled <= range.max) continue;
        issues.push({
          path: `recipeCombos.${c}.amountFactor`,
          key: 'msg.comboOutOfRange',
          params: {
            combo: label(combo, c) ?? c + 1,
            factor,
            step: i + 1,
            name: key,
            value: scaled,
            min: range.min,
            max: range.max,
            unit: range.unit,
          },
        });
      }
    });
  });
  return issues;
}

/** A product's parts the rules below read: an API body, a stored row or the console's draft. */
export interface ProductParts {
  kind?: string | null;
  materials?: readonly unknown[] | null;
  freeSmallMaterialIds?: ReadonlyArray<string | number> | null;
  chargedSmallMaterialIds?: ReadonlyArray<string | number> | null;
}

/**
 * Rules on a product beyond its recipe, the console's and the server's alike: what a machine makes
 * uses up materials (the channels' levels and the consumption figures need them; a snack is sold as
 * it is), and a topping is offered either free or for a charge, not both. `materialsRequired: false`
 * leaves out the first.
 */
export function checkProductParts(
  product: ProductParts,
  { materialsRequired = true }: { materialsRequired?: boolean } = {},
): RecipeIssue[] {
  const issues: RecipeIssue[] = [];
  if (materialsRequired && product.kind !== 'snack' && !product.materials?.length)
    issues.push({ path: 'materials', key: 'msg.productNeedsMaterial', params: {} });
  const free = new Set((product.freeSmallMaterialIds ?? []).map(String));
  if ((product.chargedSmallMaterialIds ?? []).some((id) => free.has(String(id))))
    issues.push({ path: 'chargedSmallMaterialIds', key: 'msg.toppingFreeAndCharged', params: {} });
  return issues;
}

/** A product's material lines (the materials step). */
export const productMaterialsSchema = z
  .array(
    z.object({
      materialId: idSchema,
      amount: z.number().min(0).max(100_000),
      min: z.number().min(0).max(100_000).nullish(),
      max: z.number().min(0).max(100_000).nullish(),
      unit: z.enum(['g', 'ml', 'piece']).optional(),
    }),
  )
  .max(50);

/** Recipe combinations: for a choice of options, how the recipe's amounts and the price change. */
export const recipeCombosSchema = z
  .array(
    z.object({
      optionIds: z.array(idSchema).max(10),
      amountFactor: z.number().min(0).max(5),
      priceChange: z
        .union([z.string().regex(MONEY_PATTERN), z.number().min(-MONEY_MAX).max(MONEY_MAX)])
        .optional(),
    }),
  )
  .max(500);
