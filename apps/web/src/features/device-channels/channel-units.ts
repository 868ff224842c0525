/**
 * The spec's units (§1: cup, barrel (bucket), g, seconds) for channels: a channel holding a bulk
 * liquid (water, fresh milk, syrup, purée, yoghurt) is a barrel on the machine, so its level is
 * also said in barrels — the share of its barrel left, as staff think of it — beside the grams the
 * machine reports. Hoppers of beans, leaves and powders stay in grams.
 */
import type { TFunction } from 'i18next';
import { isBulkLiquid } from '@brewfleet/contracts/bulk-liquids';

/** Whether a channel's material is a bulk liquid, kept in a barrel. */
export const isBarrel = isBulkLiquid;

/**
 * Whole grams with their thousands grouped: 7,200 in all three of the console's languages, whatever
 * the browser's own locale would write (7.200 in German).
 */
export const grams = (value: unknown) => Math.round(Number(value)).toLocaleString('en-US');

/** "7,200 / 12,000 g", or for a barrel "0.6 barrel · 7,200 / 12,000 g", in the reader's language. */
export function levelText(t: TFunction, row: Record<string, unknown>): string {
  const level = grams(row.levelG);
  const capacity = grams(row.capacityG);
  if (!isBarrel(row.material) || !(Number(row.capacityG) > 0))
    return t('deviceChannels.levelText', { level, capacity });
  const barrels = (Math.round((Number(row.levelG) / Number(row.capacityG)) * 10) / 10).toLocaleString(
    'en-US',
  );
  return t('deviceChannels.levelBarrels', { barrels, level, capacity });
}
