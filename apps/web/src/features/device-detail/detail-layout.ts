/**
 * What each detail page puts first. Automatic machines run unattended: their page leads with
 * production, cup quality and the channels that feed them. Semi-automatic machines are run by a
 * barista: their page leads with the extraction data of each shot. Both pages are built from the
 * same sections; only the order, the width and the production columns differ.
 */
import type { DeviceAutomation } from '@brewfleet/contracts/enums';
import type { CoffeeKey } from '../device-records/quality';

export type Section =
  'today' | 'maintenance' | 'faultStats' | 'channels' | 'production' | 'faults' | 'cleanings' | 'commands';

export type Width = 'full' | 'half';

export const DETAIL_SECTIONS: Record<DeviceAutomation, Array<[Section, Width]>> = {
  automatic: [
    ['today', 'half'],
    ['channels', 'half'],
    ['production', 'full'],
    ['maintenance', 'half'],
    ['faultStats', 'half'],
    ['faults', 'half'],
    ['cleanings', 'half'],
    ['commands', 'full'],
  ],
  'semi-automatic': [
    ['today', 'half'],
    ['maintenance', 'half'],
    ['production', 'full'],
    ['faultStats', 'half'],
    ['channels', 'half'],
    ['faults', 'half'],
    ['cleanings', 'half'],
    ['commands', 'full'],
  ],
};

/** Production record fields shown as columns. */
export const PRODUCTION_FIELDS: Record<DeviceAutomation, string[]> = {
  automatic: ['producedAt', 'productCode', 'method', 'result', 'badCup', 'cupOutSeconds'],
  'semi-automatic': ['producedAt', 'productCode', 'result', 'badCup', 'extractionSeconds'],
};

/** Coffee values shown as columns of their own (the rest open with the row). */
export const EXTRACTION_COLUMNS: Record<DeviceAutomation, CoffeeKey[]> = {
  automatic: [],
  'semi-automatic': ['pressureBar', 'temperatureC', 'extractionFlowMlPerS', 'powderG', 'grindDegree1'],
};
