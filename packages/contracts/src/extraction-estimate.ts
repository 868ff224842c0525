/**
 * The extraction-quality estimate (issue 17 §3, docs/extraction-quality.md): machines do not measure
 * total dissolved solids, so a cup's strength (TDS %) and extraction yield (EY %) are estimated from
 * what it reports, against the profile that applies to it, and placed in one of the nine regions of
 * the SCA brewing control chart; a tea's segments are checked against their targets.
 *
 * The same rules are written in SQL (migrations 0036 `cup_quality`, 0057 `cup_quality_estimate`): the rollups label millions of
 * cups there, the console and the calibration readings use this one. test/extraction-quality.test.ts
 * checks the two agree cup by cup. Change both or neither.
 */
import { z } from 'zod';
import type { coffeeQuality, teaSegment } from './device-protocol.ts';
import { QUALITY_LABELS, qualityCode, type QualityLabel } from './data-center.ts';
import { idSchema } from './resource.ts';

/** What kind of extraction a profile describes. */
export const EXTRACTION_KINDS = ['espresso', 'filter', 'tea'] as const;
export type ExtractionKind = (typeof EXTRACTION_KINDS)[number];

/**
 * How strongly each reading moves the yield away from the profile's reference (the exponents and
 * the temperature slope of the estimate): longer contact, more water per gram and hotter water
 * extract more; a faster flow extracts less of the same water.
 */
export const EXTRACTION_MODEL = {
  /** EY ∝ (t / tRef)^time */
  time: 0.4,
  /** EY ∝ (ratio / ratioRef)^ratio, ratio = water in (g) / powder (g) */
  ratio: 0.3,
  /** EY ∝ (flowRef / flow)^flow */
  flow: 0.25,
  /** EY ∝ 1 + temperature × (T − TRef), per °C */
  temperature: 0.02,
} as const;

/** A tea segment shorter than this share of its target is under-steeped, longer than this over. */
export const TEA_SEGMENT_SHARES = { under: 0.5, over: 2 } as const;

/**
 * The profile that applies to a cup, as `cup_quality_profile()` answers it (jsonb) and the quality
 * module's service gives it: thresholds, references and the merchant's calibration factor.
 */
export interface QualityProfile {
  id: string;
  kind: ExtractionKind;
  /** Coffee: the golden region, TDS % and EY %. */
  tdsLow: number | null;
  tdsHigh: number | null;
  yieldLow: number | null;
  yieldHigh: number | null;
  /** Coffee: the reference cup. */
  refTimeS: number | null;
  refTemperatureC: number | null;
  refFlowMlPerS: number | null;
  refYield: number | null;
  /** Water in (g) per g of powder of the reference cup. */
  refRatio: number | null;
  /** Water the spent cake keeps, g per g of powder. */
  retainedWaterGPerG: number | null;
  /** Tea: target steeping seconds of the first, second and third segment. */
  teaTargetsS: [number | null, number | null, number | null];
  /** Tea: how many segments the recipe runs (null: as many as the cup shows it tried). */
  teaSegments: number | null;
  /** Tea: total steeping under this share of the target is under, over this share over. */
  teaUnderShare: number | null;
  teaOverShare: number | null;
  /** Tea: leaves (g, all segments) below/above these are low/high. */
  leafLowG: number | null;
  leafHighG: number | null;
  /** The merchant's refractometer calibration of the machine's model (1: none). */
  factor: number;
  /** Readings the factor is the mean of. */
  readings: number;
}

export type CoffeeQuality = z.infer<typeof coffeeQuality>;
export type TeaSegment = z.infer<typeof teaSegment>;

export interface CoffeeEstimate {
  /** Estimated total dissolved solids, % of the beverage. */
  tds: number;
  /** Estimated extraction yield, % of the powder. */
  yield: number;
  /** Water in (soak + extraction), g. */
  waterG: number;
  /** Beverage, g: water in less what the cake keeps. */
  beverageG: number;
  label: QualityLabel;
}

/**
 * The nine regions of the SCA brewing control chart: rows by strength (strong, medium, weak), columns
 * by extraction yield (under: acid, ideal: balance, over: bitter); the middle is the golden cup.
 */
export const COFFEE_GRID: readonly (readonly QualityLabel[])[] = [
  ['strong-acid', 'strong-balance', 'strong-bitter'],
  ['medium-acid', 'golden-cup', 'bitter'],
  ['weak-acid', 'weak-balance', 'weak-bitter'],
];

/**
 * 0 below low, 1 from low to high (both included), 2 above high: the golden region is the closed
 * range of the SCA Golden Cup Standard (TDS 1.15–1.35 %, EY 18–22 %: a cup at 1.35 % or 22 % is in
 * it). The SQL (migration 0057 `cup_quality_estimate`) draws the same bounds.
 */
const bucket = (x: number, low: number, high: number) => (x < low ? 0 : x <= high ? 1 : 2);

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A coffee cup's estimate, or null when its readings cannot give one (no powder, no flow, no
 * extraction time, no beverage left, water too cold for the model) or the profile lacks a reference. `factor` defaults to the
 * profile's: pass 1 for the uncalibrated estimate a refractometer reading is compared with.
 */
export function estimateCoffee(
  q: CoffeeQuality,
  extractionS: number | null | undefined,
  profile: QualityProfile,
  factor: number = num(profile.factor) ?? 1,
): CoffeeEstimate | null {
  const p = profile;
  const t = num(extractionS);
  const [tdsLow, tdsHigh, yieldLow, yieldHigh] = [p.tdsLow, p.tdsHigh, p.yieldLow, p.yieldHigh].map(num);
  const refs = [p.refTimeS, p.refTemperatureC, p.refFlowMlPerS, p.refYield, p.refRatio].map(num);
  const retained = num(p.retainedWaterGPerG);
  const readings = [q.soakFlowMlPerS, q.soakTimeS, q.extractionFlowMlPerS, q.temperatureC, q.powderG];
  if (readings.some((r) => num(r) === null)) return null;
  if (t === null || t <= 0 || q.powderG <= 0 || q.extractionFlowMlPerS <= 0) return null;
  if (tdsLow === null || tdsHigh === null || yieldLow === null || yieldHigh === null) return null;
  if (refs.some((r) => r === null || r <= 0) || retained === null) return null;
  const [refTime, refTemperature, refFlow, refYield, refRatio] = refs as number[];
  const m = EXTRACTION_MODEL;
  const dose = q.powderG;
  const waterG = q.soakFlowMlPerS * q.soakTimeS + q.extractionFlowMlPerS * t;
  const beverageG = waterG - retained * dose;
  if (beverageG <= 0) return null;
  // Water 50 °C or more below the reference (a temperature sensor reporting 0) is outside what the
  // model describes: no label, rather than a yield of 0 read as weak-acid.
  const heat = 1 + m.temperature * (q.temperatureC - refTemperature);
  if (heat <= 0) return null;
  const ey =
    refYield *
    (t / refTime) ** m.time *
    (waterG / dose / refRatio) ** m.ratio *
    (refFlow / q.extractionFlowMlPerS) ** m.flow *
    heat *
    factor;
  const tds = (ey * dose) / beverageG;
  const strength = 2 - bucket(tds, tdsLow, tdsHigh);
  const label = COFFEE_GRID[strength][bucket(ey, yieldLow, yieldHigh)];
  return { tds, yield: ey, waterG, beverageG, label };
}

/**
 * A tea's label from its segments, in this order of precedence: under-steeped (a segment that
 * should have come out did not, one ran under half its target, or the total under `teaUnderShare`
 * of the target), over-steeped (one ran over twice its target, or the total over `teaOverShare`),
 * then the leaves (below `leafLowG`: low, above `leafHighG`: high), else balanced. A segment should
 * have come out when the recipe runs it (`teaSegments`), when a later one came out, or when the
 * machine reports steeping or leaves for it. A segment without a target in the profile is not timed
 * (it still must come out). Null when no segment was meant to run.
 */
export function estimateTea(segments: readonly TeaSegment[], profile: QualityProfile): QualityLabel | null {
  const p = profile;
  const seg = [0, 1, 2].map((i) => segments[i] ?? { out: false, rangeS: 0, amountG: 0 });
  const tried = seg.map((s) => s.out || s.rangeS > 0 || s.amountG > 0);
  const lastTried = tried.lastIndexOf(true) + 1;
  const expected = Math.min(3, Math.max(num(p.teaSegments) ?? 0, lastTried));
  if (expected === 0) return null;
  const targets = p.teaTargetsS.map((v) => num(v) ?? 0);
  let targetTotal = 0;
  let steeped = 0;
  let missing = false;
  let shortSegment = false;
  let longSegment = false;
  for (let i = 0; i < 3; i++) {
    const s = seg[i];
    if (i < expected && !s.out) missing = true;
    // A segment the profile gives no target is not judged by its steeping (a target of 0 made any
    // steeping "over twice its target": every cup of such a recipe read tea-over).
    if (targets[i] <= 0) continue;
    if (i < expected) targetTotal += targets[i];
    if (!s.out) continue;
    steeped += s.rangeS;
    if (s.rangeS < TEA_SEGMENT_SHARES.under * targets[i]) shortSegment = true;
    if (s.rangeS > TEA_SEGMENT_SHARES.over * targets[i]) longSegment = true;
  }
  const under = num(p.teaUnderShare) ?? 0.8;
  const over = num(p.teaOverShare) ?? 1.25;
  if (missing || shortSegment || steeped < under * targetTotal) return 'tea-under';
  if (longSegment || steeped > over * targetTotal) return 'tea-over';
  const leaves = seg.reduce((sum, s) => sum + s.amountG, 0);
  const [low, high] = [num(p.leafLowG), num(p.leafHighG)];
  if (low !== null && leaves < low) return 'tea-low';
  if (high !== null && leaves > high) return 'tea-high';
  return 'tea-balanced';
}

/**
 * A cup's label code (contracts data-center.ts QUALITY_LABELS index + 1), as the SQL `cup_quality`
 * gives it: coffee from its coffee data and extraction time, tea from its segments, null otherwise.
 */
export function cupQuality(
  family: string,
  coffee: CoffeeQuality | null | undefined,
  tea: readonly TeaSegment[] | null | undefined,
  extractionS: number | null | undefined,
  profile: QualityProfile | null,
): number | null {
  if (!profile) return null;
  let label: QualityLabel | null = null;
  if (family === 'coffee' && profile.kind !== 'tea' && coffee)
    label = estimateCoffee(coffee, extractionS, profile)?.label ?? null;
  else if (family === 'tea' && profile.kind === 'tea' && tea) label = estimateTea(tea, profile);
  return label ? qualityCode(label) : null;
}

/**
 * `GET /api/coffee/extraction-profile/estimate?recordId=` (production record list code): one cup's
 * label as the data center counts it, with the estimate behind it and the profile it was judged by.
 */
export const cupEstimateQuery = z.object({ recordId: idSchema });
export const cupEstimateAnswer = z.object({
  recordId: z.string(),
  /** The profile that applies (null: none, the cup is not labelled). */
  profileId: z.string().nullable(),
  kind: z.enum(EXTRACTION_KINDS).nullable(),
  label: z.enum(QUALITY_LABELS).nullable(),
  /** Coffee: estimated TDS % and extraction yield %, calibrated; water in and beverage, g. */
  tds: z.number().nullable(),
  yield: z.number().nullable(),
  waterG: z.number().nullable(),
  beverageG: z.number().nullable(),
  /** The merchant's calibration factor of the machine's model, and the readings it rests on. */
  factor: z.number(),
  readings: z.number().int(),
});
export type CupEstimateAnswer = z.infer<typeof cupEstimateAnswer>;

/**
 * `POST /api/coffee/extraction-profile/estimate` (extraction-profile:estimate): the estimate of a cup
 * a merchant describes — what one of its coffee machines would report for it — judged by the
 * profile and calibration that machine's cups of that recipe (`productCode`) are judged by: its
 * merchant, its model, the recipe. Nothing is stored.
 *
 * The water in is given by exactly one of the extraction flow (what machines report), the water in
 * or the cup volume (beverage, g): with the soak and the water the cake keeps, each gives the other
 * two (W = soak flow × soak time + flow × t, cup = W − retained × dose). The soak defaults to none
 * and the temperature to the profile's reference.
 */
export const trialEstimateBody = z
  .object({
    deviceId: idSchema,
    productCode: z.string().trim().max(64).optional(),
    powderG: z.number().positive().max(40),
    extractionS: z.number().positive().max(3600),
    extractionFlowMlPerS: z.number().positive().max(100).optional(),
    waterG: z.number().positive().max(5000).optional(),
    cupG: z.number().positive().max(5000).optional(),
    soakFlowMlPerS: z.number().min(0).max(100).optional(),
    soakTimeS: z.number().min(0).max(120).optional(),
    temperatureC: z.number().min(0).max(110).optional(),
  })
  .refine((b) => [b.extractionFlowMlPerS, b.waterG, b.cupG].filter((v) => v !== undefined).length === 1, {
    error: 'msg.trialEstimateVolume',
    path: ['extractionFlowMlPerS'],
  });
export type TrialEstimateBody = z.infer<typeof trialEstimateBody>;
export const trialEstimateAnswer = cupEstimateAnswer.omit({ recordId: true }).extend({
  /** The machine's model and the profile that applies (the name the Extraction profiles page shows). */
  modelName: z.string(),
  profileName: z.string().nullable(),
  /** The extraction flow the estimate ran with (given, or from the water in or the cup volume). */
  extractionFlowMlPerS: z.number().nullable(),
  /** Coffee: the profile's golden region (TDS % and EY %), the middle of the brewing control chart. */
  tdsLow: z.number().nullable(),
  tdsHigh: z.number().nullable(),
  yieldLow: z.number().nullable(),
  yieldHigh: z.number().nullable(),
});
export type TrialEstimateAnswer = z.infer<typeof trialEstimateAnswer>;
