/**
 * The product flow's working copy: every field of a product (contracts product.ts) in the shape the
 * steps edit — material lines, recipe steps with parameter rows, tea segments, option combinations —
 * and the conversions from a stored product and to the body of `POST`/`PUT /api/coffee/product`.
 * Pure data, so that it can be kept as a draft in local storage and tested without a browser.
 */
import type { MATERIAL_UNITS, PRODUCT_KINDS } from '@brewfleet/contracts/enums';
import type { MachineFamily, Recipe } from '@brewfleet/contracts/recipes';
import type { Row } from '../../api/types';
import type { LocalizedNames } from '@brewfleet/contracts/localized-names';

export type MaterialUnit = (typeof MATERIAL_UNITS)[number];
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export interface MaterialLine {
  materialId: string | null;
  amount: number | null;
  min: number | null;
  max: number | null;
  unit: MaterialUnit;
}

/** One parameter of a recipe step; a list (not an object) so that a row can exist before its key. */
export interface ParamRow {
  key: string | null;
  value: number | null;
}

export interface StepDraft {
  action: string;
  channel: number | null;
  params: ParamRow[];
}

/** A tea extraction segment (first, second, third): poured out or not, its time and tea amount. */
export interface SegmentDraft {
  out: boolean;
  rangeS: number | null;
  amountG: number | null;
}

/** One combination of options (one option of each chosen type) and what it changes. */
export interface ComboDraft {
  optionIds: string[];
  amountFactor: number | null;
  priceChange: string;
}

export interface ProductDraft {
  // Product information
  merchantId: string | null;
  name: string;
  /** The name per language; a language left empty shows `name`. */
  names?: LocalizedNames;
  code: string;
  kind: ProductKind;
  family: MachineFamily | null;
  productTypeId: string | null;
  price: string;
  deliveryPrice: string;
  description: string;
  sortOrder: number | null;
  /** Upload ids, the cover first. */
  images: string[];
  listed: boolean;
  orderable: boolean;
  showSnacks: boolean;
  // Materials
  materialTypeId: string | null;
  materials: MaterialLine[];
  unit: MaterialUnit;
  shelfLifeHours: number | null;
  // Recipe
  steps: StepDraft[];
  segments: SegmentDraft[];
  // Recipe combination
  optionTypeIds: string[];
  combos: ComboDraft[];
  // Accessories
  freeSmallMaterialIds: string[];
  chargedSmallMaterialIds: string[];
  snackIds: string[];
}

export const SEGMENT_COUNT = 3;

export const emptySegments = (): SegmentDraft[] =>
  Array.from({ length: SEGMENT_COUNT }, () => ({ out: false, rangeS: 0, amountG: 0 }));

export const emptyStep = (): StepDraft => ({
  action: '',
  channel: null,
  params: [{ key: null, value: null }],
});

export const emptyMaterialLine = (): MaterialLine => ({
  materialId: null,
  amount: null,
  min: null,
  max: null,
  unit: 'g',
});

/** Products a machine makes need a recipe; a snack is sold as it is (the server's rule too). */
export const makesSomething = (draft: Pick<ProductDraft, 'kind'>) => draft.kind !== 'snack';

export function emptyDraft(family: MachineFamily | null, merchantId: string | null = null): ProductDraft {
  return {
    merchantId,
    name: '',
    names: {},
    code: '',
    kind: family === 'tea' ? 'tea' : 'drink',
    family,
    productTypeId: null,
    price: '',
    deliveryPrice: '',
    description: '',
    sortOrder: 0,
    images: [],
    listed: true,
    orderable: true,
    showSnacks: false,
    materialTypeId: null,
    materials: [emptyMaterialLine()],
    unit: 'g',
    shelfLifeHours: null,
    steps: [emptyStep()],
    segments: emptySegments(),
    optionTypeIds: [],
    combos: [],
    freeSmallMaterialIds: [],
    chargedSmallMaterialIds: [],
    snackIds: [],
  };
}

/* ---------- from a stored product (edit, copy, restore): lenient, imports may hold anything ---------- */

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const id = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
const num = (v: unknown) => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const ids = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
const unitOf = (v: unknown): MaterialUnit => (v === 'ml' || v === 'piece' ? v : 'g');

function stepsOf(recipe: Record<string, unknown> | null): StepDraft[] {
  return list(recipe?.steps).map((step) => {
    const params = step.params && typeof step.params === 'object' ? step.params : {};
    return {
      action: str(step.action),
      channel: num(step.channel),
      params: Object.entries(params as Record<string, unknown>).map(([key, value]) => ({
        key,
        value: num(value),
      })),
    };
  });
}

function segmentsOf(recipe: Record<string, unknown> | null): SegmentDraft[] {
  const stored = list(recipe?.segments);
  return emptySegments().map((empty, i) =>
    stored[i]
      ? { out: stored[i].out === true, rangeS: num(stored[i].rangeS), amountG: num(stored[i].amountG) }
      : empty,
  );
}

/** A product as the API answers it → a draft; a copy gets no code (codes are unique). */
export function draftFromProduct(row: Row, { copy = false } = {}): ProductDraft {
  const recipe =
    row.recipe && typeof row.recipe === 'object' ? (row.recipe as Record<string, unknown>) : null;
  const kind = (['drink', 'snack', 'tea'] as const).find((k) => k === row.kind) ?? 'drink';
  return {
    merchantId: id(row.merchantId),
    name: str(row.name),
    names: row.names && typeof row.names === 'object' ? { ...(row.names as LocalizedNames) } : {},
    code: copy ? '' : str(row.code),
    kind,
    family: (id(row.family) as MachineFamily | null) ?? null,
    productTypeId: id(row.productTypeId),
    price: str(row.price),
    deliveryPrice: str(row.deliveryPrice),
    description: str(row.description),
    sortOrder: num(row.sortOrder),
    images: Array.isArray(row.images) ? row.images.map(String) : [],
    listed: row.listed !== false,
    orderable: row.orderable !== false,
    showSnacks: row.showSnacks === true,
    materialTypeId: id(row.materialTypeId),
    materials: list(row.materials).map((m) => ({
      materialId: id(m.materialId),
      amount: num(m.amount),
      min: num(m.min),
      max: num(m.max),
      unit: unitOf(m.unit),
    })),
    unit: unitOf(row.unit),
    shelfLifeHours: num(row.shelfLifeHours),
    steps: stepsOf(recipe),
    segments: segmentsOf(recipe),
    optionTypeIds: ids(row.optionTypeIds),
    combos: list(row.recipeCombos).map((c) => ({
      optionIds: ids(c.optionIds),
      amountFactor: num(c.amountFactor),
      priceChange: c.priceChange === undefined || c.priceChange === null ? '0.00' : str(c.priceChange),
    })),
    freeSmallMaterialIds: ids(row.freeSmallMaterialIds),
    chargedSmallMaterialIds: ids(row.chargedSmallMaterialIds),
    snackIds: ids(row.snackIds),
  };
}

/* ---------- to the API ---------- */

/** The recipe the steps describe; parameter rows without a key or a value are left out. */
export function recipeOf(draft: ProductDraft): Recipe {
  const steps = draft.steps.map((step) => ({
    action: step.action.trim(),
    channel: step.channel,
    params: Object.fromEntries(
      step.params
        .filter((p): p is { key: string; value: number } => !!p.key && typeof p.value === 'number')
        .map((p) => [p.key, p.value]),
    ),
  }));
  if (draft.family !== 'tea') return { steps };
  return {
    steps,
    segments: draft.segments.map((s) => ({ out: s.out, rangeS: s.rangeS ?? 0, amountG: s.amountG ?? 0 })),
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
const money = (text: string) => (text.trim() === '' ? null : Number(text).toFixed(2));

/**
 * The body of a create (`merchantId` only then: it cannot change) or an update. A snack without
 * steps has no recipe; every other product sends its recipe for the server to check.
 */
export function productBody(draft: ProductDraft, mode: 'create' | 'update'): Record<string, unknown> {
  const noRecipe = !makesSomething(draft) && draft.steps.length === 0;
  return {
    ...(mode === 'create' && draft.merchantId ? { merchantId: draft.merchantId } : {}),
    name: draft.name.trim(),
    // A draft kept from before names existed has none: the server keeps the stored ones then.
    ...(draft.names ? { names: draft.names } : {}),
    code: draft.code.trim(),
    kind: draft.kind,
    family: draft.family,
    productTypeId: draft.productTypeId,
    price: money(draft.price),
    deliveryPrice: money(draft.deliveryPrice),
    description: blankToNull(draft.description),
    sortOrder: draft.sortOrder ?? 0,
    images: draft.images ?? [],
    listed: draft.listed,
    orderable: draft.orderable,
    showSnacks: draft.showSnacks,
    materialTypeId: draft.materialTypeId,
    materials: draft.materials.map((m) => ({
      materialId: m.materialId,
      amount: m.amount,
      min: m.min,
      max: m.max,
      unit: m.unit,
    })),
    unit: draft.unit,
    shelfLifeHours: draft.shelfLifeHours,
    recipe: noRecipe ? null : recipeOf(draft),
    recipeCombos: draft.combos.map((c) => ({
      optionIds: c.optionIds,
      amountFactor: c.amountFactor,
      priceChange: Number(c.priceChange).toFixed(2),
    })),
    optionTypeIds: draft.optionTypeIds,
    freeSmallMaterialIds: draft.freeSmallMaterialIds,
    chargedSmallMaterialIds: draft.chargedSmallMaterialIds,
    snackIds: draft.snackIds,
  };
}

/** Equal as JSON values, whatever the order of object keys (jsonb answers keys in its own order). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b))
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
    );
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return (a ?? null) === (b ?? null);
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * An update leaves out the recipe and its combinations when they are what the product already has:
 * the server gives a changed recipe a new version, which machines then fetch again.
 */
export function withoutUnchangedRecipe(body: Record<string, unknown>, stored: Row | undefined) {
  if (!stored) return body;
  const out = { ...body };
  for (const key of ['recipe', 'recipeCombos'])
    if (sameJson(out[key], stored[key] ?? (key === 'recipeCombos' ? [] : null))) delete out[key];
  return out;
}
