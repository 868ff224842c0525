/**
 * What each machine family makes and what goes wrong with it: products with the grams each takes
 * from which channel (see channels.ts), and a few realistic fault codes.
 */
import { MACHINE_FAMILIES } from '@brewfleet/contracts';

export type Family = (typeof MACHINE_FAMILIES)[number];

export interface Product {
  code: string;
  /** Nominal grams per channel; a cup varies a few percent around them. */
  recipe: Array<{ channel: number; grams: number }>;
  /** Tea only: how many of the three extraction segments the recipe runs. */
  teaSegments?: 2 | 3;
}

export const PRODUCTS: Record<Family, Product[]> = {
  coffee: [
    {
      code: 'ESPRESSO',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 4, grams: 40 },
      ],
    },
    {
      code: 'AMERICANO-M',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 4, grams: 300 },
      ],
    },
    {
      code: 'LATTE-L',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 2, grams: 28 },
        { channel: 4, grams: 320 },
      ],
    },
    {
      code: 'CAPPUCCINO-M',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 2, grams: 20 },
        { channel: 4, grams: 220 },
      ],
    },
    {
      code: 'MOCHA-M',
      recipe: [
        { channel: 1, grams: 18 },
        { channel: 2, grams: 15 },
        { channel: 3, grams: 22 },
        { channel: 4, grams: 240 },
      ],
    },
  ],
  // Leaf grams are the sum of the segments that run (production.ts); water per cup is fixed.
  tea: [
    {
      code: 'OOLONG-M',
      recipe: [
        { channel: 1, grams: 8 },
        { channel: 4, grams: 450 },
      ],
      teaSegments: 3,
    },
    {
      code: 'BLACK-TEA-L',
      recipe: [
        { channel: 2, grams: 10 },
        { channel: 4, grams: 600 },
      ],
      teaSegments: 2,
    },
    {
      code: 'JASMINE-GREEN-M',
      recipe: [
        { channel: 3, grams: 6 },
        { channel: 4, grams: 450 },
      ],
      teaSegments: 2,
    },
  ],
  'ice-sand': [
    {
      code: 'MANGO-ICE',
      recipe: [
        { channel: 1, grams: 250 },
        { channel: 2, grams: 40 },
      ],
    },
    {
      code: 'TARO-ICE',
      recipe: [
        { channel: 1, grams: 250 },
        { channel: 3, grams: 45 },
      ],
    },
  ],
  'milk-frother': [
    { code: 'MILK-FOAM', recipe: [{ channel: 1, grams: 150 }] },
    { code: 'HOT-MILK', recipe: [{ channel: 1, grams: 250 }] },
  ],
  blender: [
    {
      code: 'STRAWBERRY-SMOOTHIE',
      recipe: [
        { channel: 1, grams: 120 },
        { channel: 3, grams: 150 },
      ],
    },
    {
      code: 'BANANA-SHAKE',
      recipe: [
        { channel: 2, grams: 130 },
        { channel: 3, grams: 120 },
      ],
    },
  ],
};

export interface FaultSpec {
  code: string;
  message: string;
  /** A critical fault stops the machine (state `fault`) until it is cleared. */
  severity: 'info' | 'warning' | 'critical';
}

export const FAULTS: Record<Family, FaultSpec[]> = {
  coffee: [
    { code: 'E-GRINDER-JAM', message: 'Grinder 1 jammed', severity: 'critical' },
    { code: 'E-BREWER-POS', message: 'Brewing chamber not in position', severity: 'critical' },
    { code: 'E-BOILER-TEMP', message: 'Boiler temperature out of range', severity: 'warning' },
    { code: 'E-GROUNDS-FULL', message: 'Grounds drawer full', severity: 'warning' },
  ],
  tea: [
    { code: 'E-TEA-VALVE', message: 'Extraction valve stuck', severity: 'critical' },
    { code: 'E-HEATER-TEMP', message: 'Water heater temperature out of range', severity: 'warning' },
    { code: 'E-LEAF-DOSER', message: 'Leaf doser blocked', severity: 'warning' },
  ],
  'ice-sand': [
    { code: 'E-AUGER-STALL', message: 'Ice-sand auger stalled', severity: 'critical' },
    { code: 'E-COMPRESSOR-HOT', message: 'Compressor overheating', severity: 'critical' },
    { code: 'E-FREEZE-TEMP', message: 'Freezing cylinder above -4 °C', severity: 'warning' },
  ],
  'milk-frother': [
    { code: 'E-FROTHER-CLOG', message: 'Frothing nozzle clogged', severity: 'critical' },
    { code: 'E-MILK-TEMP', message: 'Milk fridge above 5 °C', severity: 'warning' },
    { code: 'E-PUMP-AIR', message: 'Milk pump drawing air', severity: 'warning' },
  ],
  blender: [
    { code: 'E-BLADE-STALL', message: 'Blender blade stalled', severity: 'critical' },
    { code: 'E-LID-OPEN', message: 'Blending lid open', severity: 'warning' },
    { code: 'E-CUP-SENSOR', message: 'No cup detected under the spout', severity: 'info' },
  ],
};
