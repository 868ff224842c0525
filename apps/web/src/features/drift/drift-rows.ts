/**
 * What the drift table shows of a finding, worked out apart from React (and tested so): the values
 * with their unit and a precision fit for the metric, the signed z, the direction, and the tag colour
 * of the state.
 */
import type { TFunction } from 'i18next';
import type { DriftMetric, DriftState } from '@brewfleet/contracts/drift-api';
import type { DriftFinding } from './drift-api';

/** Solid colours with white text (antd's light presets fall below AA contrast). */
export const STATE_COLORS: Record<DriftState, string> = {
  drifting: '#a8071a',
  watch: '#874d00',
  normal: '#237804',
};

/** Decimals a metric is read to (tamping in whole newtons, flow in hundredths). */
const DECIMALS: Record<DriftMetric, number> = {
  pressureBar: 2,
  extractionFlowMlPerS: 2,
  temperatureC: 1,
  grind: 2,
  tampingForceN: 0,
  extractionSeconds: 1,
};

/** A value at the metric's precision, without its unit. */
export const formatNumber = (metric: DriftMetric, value: number | null | undefined) =>
  value == null || !Number.isFinite(value) ? '—' : value.toFixed(DECIMALS[metric]);

/** `text` followed by the metric's unit. */
export const withUnit = (t: TFunction, metric: DriftMetric, text: string) =>
  text === '—' ? text : `${text} ${t(`drift.units.${metric}`)}`;

export const formatMetric = (t: TFunction, metric: DriftMetric, value: number | null | undefined) =>
  withUnit(t, metric, formatNumber(metric, value));

export const formatZ = (z: number | null | undefined) =>
  z == null || !Number.isFinite(z) ? '—' : `${z > 0 ? '+' : ''}${z.toFixed(1)}`;

export interface DriftRow {
  key: string;
  deviceId: string;
  machine: string;
  serialNumber: string;
  store: string;
  metric: DriftMetric;
  metricLabel: string;
  state: DriftState;
  stateLabel: string;
  color: string;
  recent: string;
  baseline: string;
  z: string;
  fleetZ: string;
  since: string | null;
  checkedAt: string;
}

export function driftRows(t: TFunction, findings: DriftFinding[]): DriftRow[] {
  return findings.map((f) => {
    const direction = f.direction
      ? ` ${f.direction === 'up' ? '↑' : '↓'} ${t(`drift.direction.${f.direction}`)}`
      : '';
    return {
      key: f.id,
      deviceId: f.deviceId,
      machine: f.deviceName,
      serialNumber: f.serialNumber,
      store: f.storeName ?? f.merchantName ?? '—',
      metric: f.metric,
      metricLabel: t(`drift.metrics.${f.metric}`),
      state: f.state,
      stateLabel: `${t(`drift.states.${f.state}`)}${f.state === 'normal' ? '' : direction}`,
      color: STATE_COLORS[f.state],
      recent: formatMetric(t, f.metric, f.recentEwma ?? f.recentMean),
      baseline:
        f.baselineMean == null
          ? t('drift.noBaseline')
          : withUnit(
              t,
              f.metric,
              t('drift.baselineValue', {
                mean: formatNumber(f.metric, f.baselineMean),
                sd: (f.baselineSd ?? 0).toFixed(DECIMALS[f.metric] + 1),
              }),
            ),
      z: formatZ(f.z),
      fleetZ: formatZ(f.fleetZ),
      since: f.since ? String(f.since) : null,
      checkedAt: String(f.checkedAt),
    };
  });
}
