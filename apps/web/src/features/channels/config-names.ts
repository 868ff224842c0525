/**
 * A channel configuration is not a record of its own: it is the set of channel rows sharing a
 * `configName`. These helpers turn rows and picker options back into configurations.
 */
import type { SelectOption } from '@brewfleet/contracts/resource';
import type { Row } from '../../api/types';

/** Each configuration name once, in alphabetical order (the picker lists one option per channel). */
export function distinctConfigNames(options: readonly SelectOption[]): string[] {
  const names = new Set(options.map((o) => o.label.trim()).filter(Boolean));
  return [...names].sort((a, b) => a.localeCompare(b));
}

/**
 * The rows of exactly this configuration. The list filters `configName` as a substring, so asking
 * for "Summer" also answers the rows of "Summer 2"; those are dropped here.
 */
export function channelsOfConfig(rows: readonly Row[], configName: string): Row[] {
  const wanted = configName.trim();
  return rows.filter((r) => String(r.configName ?? '').trim() === wanted);
}

/**
 * Row spans that merge the configuration-name cells of neighbouring rows with the same name, so a
 * list sorted by name reads as one block per configuration: the first row of a run spans the run,
 * the others 0 (hidden).
 */
export function configNameSpans(rows: ReadonlyArray<Record<string, unknown>>): number[] {
  const spans = new Array<number>(rows.length).fill(0);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i].configName !== rows[start].configName) {
      spans[start] = i - start;
      start = i;
    }
  }
  return spans;
}
