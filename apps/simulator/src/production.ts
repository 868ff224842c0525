/**
 * Cups as each machine family makes them: realistic quality data around a good recipe, with a
 * few percent of bad cups whose values are visibly off (the bad-cup statistics need some).
 */
import type { z } from 'zod';
import type { productionEvent } from '@brewfleet/contracts';
import { MACHINE_FAMILIES } from '@brewfleet/contracts';

export type Family = (typeof MACHINE_FAMILIES)[number];

const PRODUCTS: Record<Family, string[]> = {
  coffee: ['ESPRESSO', 'AMERICANO-M', 'LATTE-L', 'CAPPUCCINO-M', 'FLAT-WHITE'],
  tea: ['OOLONG-M', 'BLACK-TEA-L', 'JASMINE-GREEN-M'],
  'ice-sand': ['MANGO-ICE', 'TARO-ICE'],
  'milk-frother': ['MILK-FOAM', 'HOT-MILK'],
  blender: ['STRAWBERRY-SMOOTHIE', 'BANANA-SHAKE'],
};

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places;

export type Cup = Omit<z.infer<typeof productionEvent>, 'eventId' | 'ts'>;

export function makeCup(family: Family, random: () => number): Cup {
  const bad = random() < 0.03;
  const around = (value: number, spread: number) => round(value + (random() - 0.5) * 2 * spread);
  const products = PRODUCTS[family];
  const startedAt = new Date(Date.now() - 40_000);
  const extraction = bad ? around(14, 3) : around(27, 2);
  const cup: Record<string, unknown> = {
    type: 'production',
    productCode: products[Math.floor(random() * products.length)],
    recipeVersion: 'r1',
    method: random() < 0.7 ? 'scan-code' : 'manual',
    result: random() < 0.01 ? 'failed' : 'completed',
    startedAt: startedAt.toISOString(),
    cupOutSeconds: around(35, 5),
    badCup: bad,
    materials: [
      { channel: 1, grams: around(18, 1) },
      { channel: 4, grams: around(200, 30) },
    ],
  };
  if (family === 'coffee') {
    cup.extractionSeconds = extraction;
    cup.coffee = {
      soakFlowMlPerS: around(1.2, 0.2),
      soakTimeS: around(4, 1),
      extractionFlowMlPerS: bad ? around(3.5, 0.5) : around(1.6, 0.2),
      pressureBar: bad ? around(6, 1) : around(9, 0.4),
      temperatureC: around(92.5, 1),
      powderG: around(18, 0.6),
      tampingForceN: around(150, 15),
      cakeThicknessMm: around(11.5, 0.6),
      chamberPosition: Math.floor(random() * 4),
      grindDegree1: around(14, 1),
      grindDegree2: around(15, 1),
    };
  }
  if (family === 'tea') {
    cup.extractionSeconds = extraction * 4;
    cup.tea = [
      { out: true, rangeS: around(45, 10), amountG: around(6, 1) },
      { out: true, rangeS: around(60, 10), amountG: around(4, 1) },
      { out: random() < 0.5, rangeS: around(30, 10), amountG: around(2, 0.5) },
    ];
  }
  return cup as unknown as Cup;
}
