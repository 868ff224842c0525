/**
 * The gateway's fast check of a `production` event, the bulk of what machines send: the same rules
 * as contracts' `productionEvent` (zod), written out, at a fraction of its cost per event. It only
 * ever accepts: whatever it does not recognise as plainly valid (a missing or extra-typed field, a
 * value out of range, a failed pattern) goes to zod, which decides and says why. Its output is what
 * zod's parse returns (known keys only, defaults applied); test/production-fast-path.test.ts holds
 * the two to the same answers.
 */
import type { z } from 'zod';
import { coffeeQuality, ORDER_NO_PATTERN, productionEvent } from '@brewfleet/contracts';

type Production = z.infer<typeof productionEvent>;

/** The patterns zod itself checks `eventId` (uuid) and the times (ISO 8601 with offset) with. */
const patternOf = (schema: unknown): RegExp | null => {
  const pattern = (schema as { _zod?: { def?: { pattern?: unknown } } })._zod?.def?.pattern;
  return pattern instanceof RegExp ? pattern : null;
};
const UUID = patternOf(productionEvent.shape.eventId);
const TIME = patternOf(productionEvent.shape.ts);

const isTime = (v: unknown): v is string =>
  typeof v === 'string' && TIME!.test(v) && Number(v.slice(0, 4)) >= 1970;
const inRange = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && v >= min && v <= max && Number.isFinite(v);
const isInt = (v: unknown, min: number, max: number): v is number =>
  inRange(v, min, max) && Number.isInteger(v);
const shortText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/** [field, min, max, integer] of coffeeQuality, in its order. */
const COFFEE: Array<[keyof z.infer<typeof coffeeQuality>, number, number, boolean]> = [
  ['soakFlowMlPerS', 0, 100, false],
  ['soakTimeS', 0, 120, false],
  ['extractionFlowMlPerS', 0, 100, false],
  ['pressureBar', 0, 20, false],
  ['temperatureC', 0, 110, false],
  ['powderG', 0, 40, false],
  ['tampingForceN', 0, 500, false],
  ['cakeThicknessMm', 0, 50, false],
  ['chamberPosition', 0, 10, true],
  ['grindDegree1', 0, 100, false],
  ['grindDegree2', 0, 100, false],
];
// The list above must name exactly the schema's fields: otherwise the fast path stays off.
const COFFEE_MATCHES =
  Object.keys(coffeeQuality.shape).join() === COFFEE.map(([k]) => k).join() && !!UUID && !!TIME;

function coffeeOf(v: unknown): Production['coffee'] | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const source = v as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const [key, min, max, integer] of COFFEE) {
    const n = source[key];
    if (!inRange(n, min, max) || (integer && !Number.isInteger(n))) return null;
    out[key] = n;
  }
  return out as Production['coffee'];
}

function materialsOf(v: unknown): Production['materials'] | null {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 32) return null;
  const out: Production['materials'] = [];
  for (const m of v as Array<Record<string, unknown>>) {
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return null;
    if (!isInt(m.channel, 0, 99) || !inRange(m.grams, 0, 5000)) return null;
    out.push({ channel: m.channel, grams: m.grams });
  }
  return out;
}

function orderOf(v: unknown): Production['order'] | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const { orderNo, line } = v as Record<string, unknown>;
  if (typeof orderNo !== 'string' || !ORDER_NO_PATTERN.test(orderNo) || !isInt(line, 1, 99)) return null;
  return { orderNo, line };
}

/**
 * A production event checked without zod, or null when zod must look (not a production event, a
 * tea cup, anything unusual, or invalid).
 */
export function fastProduction(item: unknown): Production | null {
  if (!COFFEE_MATCHES || typeof item !== 'object' || item === null) return null;
  const e = item as Record<string, unknown>;
  if (e.type !== 'production' || e.tea !== undefined) return null;
  if (typeof e.eventId !== 'string' || !UUID!.test(e.eventId)) return null;
  if (!isTime(e.ts) || !isTime(e.startedAt)) return null;
  if (!shortText(e.productCode, 64)) return null;
  if (e.recipeVersion !== undefined && !shortText(e.recipeVersion, 64)) return null;
  if (e.method !== 'scan-code' && e.method !== 'manual') return null;
  if (e.result !== 'completed' && e.result !== 'failed') return null;
  if (!inRange(e.cupOutSeconds, 0, 3600)) return null;
  if (e.extractionSeconds !== undefined && !inRange(e.extractionSeconds, 0, 3600)) return null;
  if (e.badCup !== undefined && typeof e.badCup !== 'boolean') return null;
  const coffee = e.coffee === undefined ? undefined : coffeeOf(e.coffee);
  if (coffee === null) return null;
  const materials = materialsOf(e.materials);
  if (!materials) return null;
  const order = e.order === undefined ? undefined : orderOf(e.order);
  if (order === null) return null;
  const out: Production = {
    eventId: e.eventId,
    ts: e.ts,
    type: 'production',
    productCode: e.productCode,
    method: e.method,
    result: e.result,
    startedAt: e.startedAt,
    cupOutSeconds: e.cupOutSeconds,
    badCup: e.badCup ?? false,
    materials,
  };
  if (e.recipeVersion !== undefined) out.recipeVersion = e.recipeVersion;
  if (e.extractionSeconds !== undefined) out.extractionSeconds = e.extractionSeconds;
  if (coffee !== undefined) out.coffee = coffee;
  if (order !== undefined) out.order = order;
  return out;
}
