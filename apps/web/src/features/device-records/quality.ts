/**
 * The JSON of a production record read safely: the coffee quality values (device-protocol
 * `coffeeQuality`), the tea segments and the material use. Anything malformed is left out.
 */
import { coffeeQuality } from '@brewfleet/contracts/device-protocol';

export const COFFEE_KEYS = Object.keys(coffeeQuality.shape) as Array<keyof typeof coffeeQuality.shape>;
export type CoffeeKey = (typeof COFFEE_KEYS)[number];

/** Units of the coffee values; the same in every language. */
export const COFFEE_UNITS: Record<CoffeeKey, string> = {
  soakFlowMlPerS: 'ml/s',
  soakTimeS: 's',
  extractionFlowMlPerS: 'ml/s',
  pressureBar: 'bar',
  temperatureC: '°C',
  powderG: 'g',
  tampingForceN: 'N',
  cakeThicknessMm: 'mm',
  chamberPosition: '',
  grindDegree1: '',
  grindDegree2: '',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** Coffee values in the protocol's order, rounded for reading. */
export function coffeeEntries(coffee: unknown): Array<[CoffeeKey, number]> {
  if (!isObject(coffee)) return [];
  return COFFEE_KEYS.flatMap((key) => {
    const n = finite(coffee[key]);
    return n === null ? [] : [[key, Math.round(n * 100) / 100] as [CoffeeKey, number]];
  });
}

export interface TeaSegmentRow {
  index: number;
  out: boolean;
  rangeS: number;
  amountG: number;
}

/** First, second and third segment, as the machine reported them. */
export function teaSegments(tea: unknown): TeaSegmentRow[] {
  if (!Array.isArray(tea)) return [];
  return tea.slice(0, 3).flatMap((segment: unknown, index) =>
    isObject(segment)
      ? [
          {
            index,
            out: !!segment.out,
            rangeS: finite(segment.rangeS) ?? 0,
            amountG: finite(segment.amountG) ?? 0,
          },
        ]
      : [],
  );
}

export function materialEntries(materials: unknown): Array<{ channel: number; grams: number }> {
  if (!Array.isArray(materials)) return [];
  return materials.flatMap((m: unknown) => {
    if (!isObject(m)) return [];
    const channel = finite(m.channel);
    const grams = finite(m.grams);
    return channel === null || grams === null ? [] : [{ channel, grams: Math.round(grams * 10) / 10 }];
  });
}

/** One coffee value of a row, for a column of its own (the semi-automatic detail's extraction data). */
export function coffeeValue(row: Record<string, unknown>, key: CoffeeKey): number | null {
  return isObject(row.coffee) ? finite(row.coffee[key]) : null;
}
