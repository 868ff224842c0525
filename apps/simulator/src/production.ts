/**
 * Cups as each machine family makes them: quality data around a good recipe, and a few percent of
 * bad cups with one recognisable defect whose readings are out of the good range (the bad-cup
 * statistics and the quality charts need them). Every value stays within the protocol's schema.
 */
import type { z } from 'zod';
import type { productionEvent } from '@brewfleet/contracts';
import { PRODUCTS, type Family, type Product } from './families.ts';

export type { Family } from './families.ts';
export type Cup = Omit<z.infer<typeof productionEvent>, 'eventId' | 'ts'>;

/** Share of bad cups, and of cups that fail for a mechanical reason (not an empty channel). */
const BAD_CUP_SHARE = 0.03;
const MECHANICAL_FAILURE_SHARE = 0.003;

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

type Random = () => number;
const spread = (random: Random) => (value: number, plusMinus: number) =>
  round(value + (random() - 0.5) * 2 * plusMinus);
/** A value between `from` and `to`, for defect readings. */
const between = (random: Random) => (from: number, to: number) => round(from + random() * (to - from));

/**
 * Espresso defects as a brewer reports them. Good ranges: soak 1.0–1.5 ml/s for 3–5 s, extraction
 * 1.4–1.8 ml/s over 25–29 s at 8.6–9.4 bar and 91.5–93.5 °C, powder = the dose ± 0.5 g, tamping
 * 135–165 N, cake 11–12 mm, chamber position 2, grind degrees 14 and 15 ± 1 (plus the grinder's drift).
 */
type CoffeeDefect = 'channeling' | 'choked' | 'cold' | 'under-dosed' | 'weak-tamp' | 'chamber';
const COFFEE_DEFECTS: CoffeeDefect[] = [
  'channeling',
  'choked',
  'cold',
  'under-dosed',
  'weak-tamp',
  'chamber',
];

function coffeeQuality(random: Random, doseG: number, grindDrift: number, defect: CoffeeDefect | null) {
  const around = spread(random);
  const range = between(random);
  const q = {
    soakFlowMlPerS: around(1.25, 0.25),
    soakTimeS: around(4, 1),
    extractionFlowMlPerS: around(1.6, 0.2),
    pressureBar: around(9, 0.4),
    temperatureC: around(92.5, 1),
    powderG: around(doseG, 0.5),
    tampingForceN: Math.round(around(150, 15)),
    cakeThicknessMm: around(11.5, 0.5),
    chamberPosition: 2,
    grindDegree1: around(14 + grindDrift, 1),
    grindDegree2: around(15 + grindDrift, 1),
  };
  let extractionSeconds = around(27, 2);
  switch (defect) {
    case 'channeling': // water finds a path through the cake: fast, low pressure, short
      Object.assign(q, { extractionFlowMlPerS: range(3, 4.5), pressureBar: range(4, 6) });
      extractionSeconds = range(12, 18);
      break;
    case 'choked': // ground too fine: a trickle at high pressure, long
      Object.assign(q, { extractionFlowMlPerS: range(0.4, 0.8), pressureBar: range(11, 13) });
      Object.assign(q, { grindDegree1: around(9, 1), grindDegree2: around(10, 1) });
      extractionSeconds = range(40, 55);
      break;
    case 'cold':
      Object.assign(q, { temperatureC: range(80, 86) });
      break;
    case 'under-dosed': // the hopper ran dry mid-dose: little powder, a thin cake
      Object.assign(q, {
        powderG: range(9, 13),
        cakeThicknessMm: range(6.5, 8.5),
        pressureBar: range(6, 7.5),
      });
      break;
    case 'weak-tamp':
      Object.assign(q, { tampingForceN: Math.round(range(60, 95)), soakFlowMlPerS: range(2.2, 3) });
      break;
    case 'chamber': // the brewing chamber did not reach its position
      Object.assign(q, { chamberPosition: random() < 0.5 ? 1 : 3, soakTimeS: range(0, 1) });
      break;
  }
  return { coffee: q, extractionSeconds };
}

/**
 * Tea in up to three segments (first, second, third), each out or not, with its steeping range (s)
 * and its amount of leaves (g). Good: each segment of the recipe out, ranges 40 / 55 / 70 s ± 8,
 * amounts splitting the dose. Defects: a segment that should run does not come out, over- or
 * under-steeping, a short dose.
 */
type TeaDefect = 'segment-missing' | 'over-steeped' | 'under-steeped' | 'short-dose';
const TEA_DEFECTS: TeaDefect[] = ['segment-missing', 'over-steeped', 'under-steeped', 'short-dose'];

function teaSegments(random: Random, product: Product, doseG: number, defect: TeaDefect | null) {
  const around = spread(random);
  const range = between(random);
  const runs = product.teaSegments ?? 2;
  const shares = runs === 3 ? [0.5, 0.3, 0.2] : [0.6, 0.4, 0];
  const segments = [40, 55, 70].map((rangeS, i) => ({
    out: i < runs,
    rangeS: i < runs ? around(rangeS, 8) : 0,
    amountG: i < runs ? around(doseG * shares[i], 0.3) : 0,
  }));
  const hit = Math.floor(random() * runs);
  if (defect === 'segment-missing') segments[hit] = { out: false, rangeS: range(0, 5), amountG: 0 };
  if (defect === 'over-steeped') segments[hit].rangeS = range(150, 240);
  if (defect === 'under-steeped') segments[hit].rangeS = range(5, 15);
  if (defect === 'short-dose') for (const s of segments) s.amountG = round(s.amountG * 0.4);
  return segments;
}

export function pickProduct(family: Family, random: Random): Product {
  const products = PRODUCTS[family];
  return products[Math.floor(random() * products.length)];
}

/** A cup as made from full channels; machine.ts turns it into a failed cup when a channel is short. */
export function makeCup(
  family: Family,
  random: Random,
  opts: { grindDrift?: number; product?: Product; recipeVersion?: number } = {},
): Cup {
  const around = spread(random);
  const product = opts.product ?? pickProduct(family, random);
  const bad = random() < BAD_CUP_SHARE;
  const materials = product.recipe.map((m) => ({
    channel: m.channel,
    grams: around(m.grams, m.grams * 0.04),
  }));
  const cup: Cup = {
    type: 'production',
    productCode: product.code,
    recipeVersion: `r${opts.recipeVersion ?? 1}`,
    method: random() < 0.7 ? 'scan-code' : 'manual',
    result: random() < MECHANICAL_FAILURE_SHARE ? 'failed' : 'completed',
    startedAt: '',
    cupOutSeconds: 0,
    badCup: bad,
    materials,
  };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  switch (family) {
    case 'coffee': {
      const dose = materials.find((m) => m.channel === 1)?.grams ?? 18;
      const { coffee, extractionSeconds } = coffeeQuality(
        random,
        dose,
        opts.grindDrift ?? 0,
        bad ? pick(COFFEE_DEFECTS) : null,
      );
      cup.coffee = coffee;
      cup.extractionSeconds = extractionSeconds;
      cup.cupOutSeconds = round(extractionSeconds + coffee.soakTimeS + around(8, 2));
      break;
    }
    case 'tea': {
      const leaves = materials[0] ?? { channel: 1, grams: 6 };
      cup.tea = teaSegments(random, product, leaves.grams, bad ? pick(TEA_DEFECTS) : null);
      // The leaves taken are what the segments dosed.
      if (materials[0]) leaves.grams = round(cup.tea.reduce((sum, s) => sum + s.amountG, 0));
      cup.extractionSeconds = round(cup.tea.reduce((sum, s) => sum + (s.out ? s.rangeS : 0), 0));
      cup.cupOutSeconds = round(cup.extractionSeconds + around(15, 3));
      break;
    }
    default:
      // No quality sensors on these families: a bad cup shows as a dispense that took far too long.
      cup.cupOutSeconds = bad ? around(110, 20) : around(family === 'milk-frother' ? 25 : 50, 6);
  }
  cup.startedAt = new Date(Date.now() - cup.cupOutSeconds * 1000).toISOString();
  return cup;
}

/** The cup a machine refuses to start because a channel it needs is short: nothing dispensed. */
export function emptyChannelCup(cup: Cup): Cup {
  return {
    type: 'production',
    productCode: cup.productCode,
    recipeVersion: cup.recipeVersion,
    method: cup.method,
    result: 'failed',
    startedAt: new Date().toISOString(),
    cupOutSeconds: 0,
    badCup: false,
    materials: [],
  };
}
