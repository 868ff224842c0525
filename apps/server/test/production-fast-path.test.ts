/**
 * The gateway checks most cups without zod (fleet/production-fast-path.ts). Whatever it accepts,
 * zod accepts with the same result; whatever zod refuses, it leaves to zod (so the machine is told
 * zod's reason on its `rejected` topic).
 */
import { describe, expect, it } from 'vitest';
import { productionEvent } from '@brewfleet/contracts';
import { fastProduction } from '../src/modules/fleet/production-fast-path.ts';
import { cupEvent } from './helpers/machine-events.ts';

const coffee = {
  soakFlowMlPerS: 1.2,
  soakTimeS: 4,
  extractionFlowMlPerS: 1.6,
  pressureBar: 9.1,
  temperatureC: 92.5,
  powderG: 18.2,
  tampingForceN: 150,
  cakeThicknessMm: 11.5,
  chamberPosition: 2,
  grindDegree1: 14,
  grindDegree2: 15,
};
const full = cupEvent({
  recipeVersion: 'r7',
  extractionSeconds: 27.5,
  badCup: true,
  coffee,
  materials: [{ channel: 1, grams: 18.2 }],
  ts: '2026-11-22T08:31:10.123+08:00',
  order: { orderNo: 'A-0042', line: 2 },
});

describe('the fast check of a cup', () => {
  it.each([
    ['the required fields only', cupEvent()],
    ['every field', full],
    [
      'unknown fields (dropped, as zod drops them)',
      { ...full, firmware: 'x', coffee: { ...coffee, extra: 1 } },
    ],
  ])('accepts %s with zod’s own result', (_name, event) => {
    const fast = fastProduction(event);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(productionEvent.parse(event));
  });

  it.each([
    ['an event id that is no UUID', { eventId: 'nope' }],
    ['a time without an offset', { ts: '2026-11-22T08:31:10' }],
    ['a time before 1970', { startedAt: '1969-12-31T23:59:59Z' }],
    ['a product code over 64 characters', { productCode: 'X'.repeat(65) }],
    ['an unknown method', { method: 'robot' }],
    ['a negative cup time', { cupOutSeconds: -1 }],
    ['a string for a number', { cupOutSeconds: '25' }],
    ['a chamber position that is no integer', { coffee: { ...coffee, chamberPosition: 2.5 } }],
    ['a coffee field missing', { coffee: { ...coffee, powderG: undefined } }],
    ['a channel over 99', { materials: [{ channel: 100, grams: 1 }] }],
    ['a null where a field is optional', { recipeVersion: null }],
    ['an order line of 0', { order: { orderNo: 'A-1', line: 0 } }],
    ['an order number with a space', { order: { orderNo: 'A 1', line: 1 } }],
  ])('leaves %s to zod, which refuses it', (_name, over) => {
    const event = { ...cupEvent(), ...over };
    expect(fastProduction(event)).toBeNull();
    expect(productionEvent.safeParse(event).success).toBe(false);
  });

  it('leaves tea cups and other events to zod', () => {
    expect(fastProduction(cupEvent({ tea: [{ out: true, rangeS: 10, amountG: 5 }] }))).toBeNull();
    expect(fastProduction({ ...cupEvent(), type: 'cleaning' })).toBeNull();
  });
});
