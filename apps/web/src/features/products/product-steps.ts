/**
 * The five steps of the product flow (spec §3): product information → materials → recipe → recipe
 * combination → accessories. What each step needs before the user may go on, and which step a field
 * of a server error belongs to.
 */
import { MONEY_PATTERN } from '@brewfleet/contracts/resource';
import { PRODUCT_CODE_PATTERN } from '@brewfleet/contracts/resources/product';
import { checkProductParts, type MachineFamily, type ParameterRange } from '@brewfleet/contracts/recipes';
import type { ProductDraft } from './product-draft';
import { comboRangeIssues, recipeIssues, type Issue, type RecipeLabels } from './recipe-check';

export const STEPS = ['info', 'materials', 'recipe', 'combos', 'accessories'] as const;
export type StepKey = (typeof STEPS)[number];

/** What the checks need besides the draft. */
export interface StepContext {
  /** Families this flow may make (one for the coffee, tea and milk-frother flows). */
  families: readonly MachineFamily[];
  /** A platform user names the merchant of a new product. */
  merchantRequired: boolean;
  /** The family's parameter ranges; null while they load (the flow waits for them to move on). */
  ranges: readonly ParameterRange[] | null;
  labels?: RecipeLabels;
}

const required = (path: string): Issue => ({ path, key: 'msg.required' });
const filled = (text: string) => text.trim() !== '';
const isMoney = (text: string) => MONEY_PATTERN.test(text.trim());

function infoIssues(d: ProductDraft, ctx: StepContext): Issue[] {
  const issues: Issue[] = [];
  if (ctx.merchantRequired && !d.merchantId) issues.push(required('merchantId'));
  if (!filled(d.name)) issues.push(required('name'));
  if (!filled(d.code)) issues.push(required('code'));
  else if (!PRODUCT_CODE_PATTERN.test(d.code.trim()))
    issues.push({ path: 'code', key: 'productFlow.info.codeFormat', live: true });
  if (!d.family || !ctx.families.includes(d.family)) issues.push(required('family'));
  if (!filled(d.price)) issues.push(required('price'));
  else if (!isMoney(d.price) || Number(d.price) < 0)
    issues.push({ path: 'price', key: 'msg.invalidMoney', live: true });
  if (filled(d.deliveryPrice) && (!isMoney(d.deliveryPrice) || Number(d.deliveryPrice) < 0))
    issues.push({ path: 'deliveryPrice', key: 'msg.invalidMoney', live: true });
  return issues;
}

/**
 * The product rules the server keeps too (contracts' `checkProductParts`: a drink's materials, a
 * topping not both free and charged), each shown on the step that edits what it is about.
 */
const partIssues = (d: ProductDraft, path: string, live: boolean): Issue[] =>
  checkProductParts(d)
    .filter((issue) => issue.path === path)
    .map((issue) => ({ path: issue.path, key: issue.key, ...(live ? { live } : {}) }));

function materialIssues(d: ProductDraft): Issue[] {
  const issues: Issue[] = partIssues(d, 'materials', false);
  d.materials.forEach((line, i) => {
    if (!line.materialId) issues.push(required(`materials.${i}.materialId`));
    if (line.amount === null) issues.push(required(`materials.${i}.amount`));
    if (line.min !== null && line.max !== null && line.min > line.max)
      issues.push({ path: `materials.${i}.max`, key: 'productFlow.materials.minAboveMax', live: true });
    else if (
      line.amount !== null &&
      ((line.min !== null && line.amount < line.min) || (line.max !== null && line.amount > line.max))
    )
      issues.push({
        path: `materials.${i}.amount`,
        key: 'productFlow.materials.outsideLimits',
        params: { min: line.min ?? '–', max: line.max ?? '–' },
        live: true,
      });
  });
  return issues;
}

function comboIssues(d: ProductDraft, ctx: StepContext): Issue[] {
  const issues: Issue[] = [];
  d.combos.forEach((combo, i) => {
    if (combo.amountFactor === null) issues.push(required(`combos.${i}.amountFactor`));
    if (!filled(combo.priceChange)) issues.push(required(`combos.${i}.priceChange`));
    else if (!isMoney(combo.priceChange))
      issues.push({ path: `combos.${i}.priceChange`, key: 'msg.invalidMoney', live: true });
  });
  return [...issues, ...comboRangeIssues(d, ctx.ranges, ctx.labels)];
}

const accessoryIssues = (d: ProductDraft): Issue[] => partIssues(d, 'chargedSmallMaterialIds', true);

export function stepIssues(step: StepKey, draft: ProductDraft, ctx: StepContext): Issue[] {
  switch (step) {
    case 'info':
      return infoIssues(draft, ctx);
    case 'materials':
      return materialIssues(draft);
    case 'recipe':
      return recipeIssues(draft, ctx.ranges, ctx.labels);
    case 'combos':
      return comboIssues(draft, ctx);
    case 'accessories':
      return accessoryIssues(draft);
  }
}

/** The first step (from `from`, before `to`) that is not complete, or -1. */
export function firstIncomplete(
  draft: ProductDraft,
  ctx: StepContext,
  to: number = STEPS.length,
  from = 0,
): number {
  for (let i = from; i < to; i++) if (stepIssues(STEPS[i], draft, ctx).length) return i;
  return -1;
}

const STEP_OF_FIELD: Record<string, StepKey> = {
  merchantId: 'info',
  name: 'info',
  code: 'info',
  kind: 'info',
  family: 'info',
  productTypeId: 'info',
  price: 'info',
  deliveryPrice: 'info',
  description: 'info',
  sortOrder: 'info',
  images: 'info',
  listed: 'info',
  orderable: 'info',
  showSnacks: 'info',
  materialTypeId: 'materials',
  materials: 'materials',
  unit: 'materials',
  shelfLifeHours: 'materials',
  recipe: 'recipe',
  optionTypeIds: 'combos',
  recipeCombos: 'combos',
  combos: 'combos',
  freeSmallMaterialIds: 'accessories',
  chargedSmallMaterialIds: 'accessories',
  snackIds: 'accessories',
};

/** The step index showing a field ('recipe.steps.0.params.temperatureC' → the recipe step). */
export function stepOfPath(path: string): number {
  const step = STEP_OF_FIELD[path.split('.')[0]];
  return step ? STEPS.indexOf(step) : 0;
}
