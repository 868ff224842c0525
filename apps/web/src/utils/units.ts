/**
 * Counts of drinks in the spec's unit (§1: cup): "1 cup", "12 cups", "12 杯". Channel levels in
 * barrels are features/device-channels/channel-units.ts.
 */
import type { TFunction } from 'i18next';

/** The unit word alone, for a number shown apart (a statistic's suffix). */
export const cupUnit = (t: TFunction, count: unknown) => t(Number(count) === 1 ? 'units.cup' : 'units.cups');

/** Grouped as the console's three languages group (1,234), not as the browser's locale would. */
export const cupsText = (t: TFunction, count: unknown) =>
  `${Number(count ?? 0).toLocaleString('en-US')} ${cupUnit(t, count)}`;
