/**
 * Cups without a broker: every family's cups match the protocol, a few percent are bad, and a bad
 * cup is bad in its readings (some value outside the good range) while a good cup has none.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { productionEvent } from '@brewfleet/contracts';
import { makeCup, type Cup } from '../src/production.ts';
import { PRODUCTS, type Family } from '../src/families.ts';

const CUPS = 4000;
const within = (value: number, from: number, to: number) => value >= from - 1e-9 && value <= to + 1e-9;

/** The good ranges of production.ts, written out independently: a reading outside one is a defect. */
function coffeeDefects(cup: Cup): string[] {
  const q = cup.coffee!;
  const dose = cup.materials.find((m) => m.channel === 1)!.grams;
  const checks: Array<[string, boolean]> = [
    ['soak flow', within(q.soakFlowMlPerS, 1, 1.5)],
    ['soak time', within(q.soakTimeS, 3, 5)],
    ['extraction flow', within(q.extractionFlowMlPerS, 1.4, 1.8)],
    ['extraction time', within(cup.extractionSeconds!, 25, 29)],
    ['pressure', within(q.pressureBar, 8.6, 9.4)],
    ['temperature', within(q.temperatureC, 91.5, 93.5)],
    ['powder', within(q.powderG, dose - 0.5, dose + 0.5)],
    ['tamping', within(q.tampingForceN, 135, 165)],
    ['cake', within(q.cakeThicknessMm, 11, 12)],
    ['chamber', q.chamberPosition === 2],
    ['grind 1', within(q.grindDegree1, 13, 15)],
    ['grind 2', within(q.grindDegree2, 14, 16)],
  ];
  return checks.filter(([, ok]) => !ok).map(([name]) => name);
}

function teaDefects(cup: Cup): string[] {
  const product = PRODUCTS.tea.find((p) => p.code === cup.productCode)!;
  const runs = product.teaSegments!;
  const nominal = product.recipe[0].grams;
  const shares = runs === 3 ? [0.5, 0.3, 0.2] : [0.6, 0.4, 0];
  const defects: string[] = [];
  cup.tea!.slice(0, runs).forEach((s, i) => {
    const amount = nominal * shares[i];
    if (!s.out) defects.push(`segment ${i + 1} not out`);
    else if (!within(s.rangeS, [40, 55, 70][i] - 8, [40, 55, 70][i] + 8)) defects.push(`range ${i + 1}`);
    else if (!within(s.amountG, amount * 0.96 - 0.35, amount * 1.04 + 0.35)) defects.push(`amount ${i + 1}`);
  });
  return defects;
}

describe('cups', () => {
  it.each(['coffee', 'tea', 'ice-sand', 'milk-frother', 'blender'] as const)(
    '%s: match the protocol, about 3 in 100 bad, bad readings only on bad cups',
    (family: Family) => {
      let bad = 0;
      for (let i = 0; i < CUPS; i++) {
        const cup = makeCup(family, Math.random);
        const parsed = productionEvent.safeParse({ ...cup, eventId: crypto.randomUUID(), ts: cup.startedAt });
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        if (cup.badCup) bad++;
        const defects = family === 'coffee' ? coffeeDefects(cup) : family === 'tea' ? teaDefects(cup) : [];
        if (family === 'coffee' || family === 'tea')
          expect(defects.length > 0, `${cup.badCup ? 'bad' : 'good'} cup, defects ${defects}`).toBe(
            cup.badCup,
          );
        else if (cup.badCup) expect(cup.cupOutSeconds).toBeGreaterThan(80);
        // Materials come from the family's channels only.
        const channels = new Set(PRODUCTS[family].flatMap((p) => p.recipe.map((r) => r.channel)));
        expect(cup.materials.every((m) => channels.has(m.channel))).toBe(true);
      }
      expect(bad / CUPS).toBeGreaterThan(0.015);
      expect(bad / CUPS).toBeLessThan(0.05);
    },
  );
});
