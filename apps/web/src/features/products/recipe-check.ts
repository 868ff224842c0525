/**
 * The recipe step's checks: the contracts' `checkRecipe` — the one the server runs before saving —
 * against the family's parameter ranges as the platform keeps them (`product-parameter`), plus what
 * only a half-typed draft can get wrong (a parameter row without its name or value, a name twice).
 * Messages name the parameter as the user's language calls it.
 */
import type { Language } from '@brewfleet/contracts/enums';
import {
  checkCombos,
  checkRecipe,
  type MachineFamily,
  type ParameterRange,
} from '@brewfleet/contracts/recipes';
import type { Row } from '../../api/types';
import { makesSomething, recipeOf, type ProductDraft } from './product-draft';

/**
 * Something to fix, at a path of the product body ('recipe.steps.0.params.temperatureC') or of the
 * draft ('materials.1.amount'); `key` is a contracts message ('msg.…') or a screen text.
 * Live issues show while the user types; the others once the user tries to go on or save.
 */
export interface Issue {
  path: string;
  key: string;
  params?: Record<string, string | number>;
  live?: boolean;
}

const NAME_INDEX: Record<Language, 0 | 1 | 2> = { zh: 0, tw: 1, en: 2 };

/** Rows of `POST /api/coffee/product-parameter/list` → the ranges `checkRecipe` takes. */
export function rangesFromRows(rows: Row[]): ParameterRange[] {
  return rows.map((r) => ({
    family: r.family as MachineFamily,
    key: String(r.key),
    unit: String(r.unit ?? ''),
    min: Number(r.min),
    max: Number(r.max),
    names: [String(r.name ?? r.key), String(r.twName ?? r.key), String(r.enName ?? r.key)],
  }));
}

export const parameterName = (range: ParameterRange, language: Language) =>
  range.names[NAME_INDEX[language]] || range.key;

export interface RecipeLabels {
  /** A parameter key as the user reads it. */
  parameter: (key: string) => string;
  family: (family: string) => string;
}

const PLAIN: RecipeLabels = { parameter: (key) => key, family: (family) => family };

/** What only a draft can get wrong: rows without a name or a value, a parameter named twice. */
function draftIssues(draft: ProductDraft, labels: RecipeLabels): Issue[] {
  const issues: Issue[] = [];
  draft.steps.forEach((step, i) => {
    if (!step.action.trim()) issues.push({ path: `recipe.steps.${i}.action`, key: 'msg.required' });
    const seen = new Set<string>();
    step.params.forEach((row, j) => {
      if (!row.key) {
        issues.push({ path: `recipe.steps.${i}.paramRows.${j}`, key: 'msg.required' });
        return;
      }
      const path = `recipe.steps.${i}.params.${row.key}`;
      if (seen.has(row.key))
        issues.push({
          path: `recipe.steps.${i}.paramRows.${j}`,
          key: 'productFlow.recipe.duplicate',
          params: { step: i + 1, name: labels.parameter(row.key) },
          live: true,
        });
      else if (row.value === null) issues.push({ path, key: 'msg.required' });
      seen.add(row.key);
    });
  });
  return issues;
}

/**
 * Every issue of the draft's recipe. Range and parameter issues are live (a wrong value shows at
 * once, as 'Step 1: Temperature 120 is outside 80–96 °C'); missing parts wait for an attempt.
 */
export function recipeIssues(
  draft: ProductDraft,
  ranges: readonly ParameterRange[] | null,
  labels: RecipeLabels = PLAIN,
): Issue[] {
  if (!draft.family) return [];
  // A snack may have no recipe at all; once it has steps they are checked like any other.
  if (!makesSomething(draft) && draft.steps.length === 0) return [];
  // Until the family's ranges are known every parameter would read as unknown: check the rest only.
  if (!ranges) return draftIssues(draft, labels);
  const checked = checkRecipe(draft.family, recipeOf(draft), ranges).map((issue): Issue => ({
    path: issue.path,
    key: issue.key,
    params: {
      ...issue.params,
      ...(typeof issue.params.name === 'string' ? { name: labels.parameter(issue.params.name) } : {}),
      ...(typeof issue.params.family === 'string' ? { family: labels.family(issue.params.family) } : {}),
    },
    live: issue.key === 'msg.recipeOutOfRange' || issue.key === 'msg.recipeUnknownParameter',
  }));
  return [...draftIssues(draft, labels), ...checked];
}

/**
 * The recipe combinations' check: the contracts' `checkCombos`, which the server and the machines
 * run too — each combination's factor applied to the recipe's amounts ('Combination 2 (× 1.4), step
 * 1: Water 420 is outside 15–400 ml'), live, on the factor it is about.
 */
export function comboRangeIssues(
  draft: ProductDraft,
  ranges: readonly ParameterRange[] | null,
  labels: RecipeLabels = PLAIN,
): Issue[] {
  if (!draft.family || !ranges) return [];
  return checkCombos(draft.family, recipeOf(draft), draft.combos, ranges).map((issue) => ({
    // The server names the body's field (recipeCombos); the draft's is `combos`.
    path: issue.path.replace(/^recipeCombos\./, 'combos.'),
    key: issue.key,
    params: { ...issue.params, name: labels.parameter(String(issue.params.name)) },
    live: true,
  }));
}
