/**
 * What the server answered for the described cup: the estimated TDS and yield, the SCA label with the
 * region it names (strength and extraction), the water in, cup volume and flow, the profile and the
 * calibration it was judged by, and the cup on the brewing control chart. An answer without an
 * estimate says why (no profile applies, or the readings give none).
 */
import { Alert, Descriptions, Space, Tag, Typography, type DescriptionsProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COFFEE_GRID, type TrialEstimateAnswer } from '@brewfleet/contracts/extraction-estimate';
import { QUALITY_LABELS, type QualityLabel } from '@brewfleet/contracts/data-center';
import EstimateChart from './EstimateChart';
import { plottedCup, type ChartTexts } from './control-chart';

const STRENGTHS = ['strong', 'medium', 'weak'] as const;
const EXTRACTIONS = ['acid', 'balance', 'bitter'] as const;

/** The row (strength) and column (extraction) of a coffee label on the chart. */
export function regionOf(label: QualityLabel) {
  const row = COFFEE_GRID.findIndex((r) => r.includes(label));
  if (row < 0) return null;
  return { strength: STRENGTHS[row], extraction: EXTRACTIONS[COFFEE_GRID[row].indexOf(label)] };
}

const fixed = (value: number | null, places: number) => (value === null ? '—' : value.toFixed(places));

export default function EstimateResult({ result }: { result: TrialEstimateAnswer }) {
  const { t } = useTranslation();
  const k = (key: string, params?: Record<string, unknown>) => t(`extractionEstimate.${key}`, params);
  const unit = (value: number | null, places: number, u: string) =>
    value === null ? '—' : `${value.toFixed(places)} ${k(`units.${u}`)}`;
  const cup = plottedCup(result);
  const texts: ChartTexts = useMemo(
    () => ({
      x: t('extractionEstimate.chart.x'),
      y: t('extractionEstimate.chart.y'),
      cup: t('extractionEstimate.chart.cup'),
      regions: Object.fromEntries(
        QUALITY_LABELS.map((label) => [label, t(`dataCenter.quality.${label}`)]),
      ) as ChartTexts['regions'],
    }),
    [t],
  );
  const region = result.label ? regionOf(result.label) : null;
  const kind = result.kind ? t(`resources.extraction-profile.values.kind.${result.kind}`) : '';

  const estimated: DescriptionsProps['items'] = result.label
    ? [
        {
          key: 'tds',
          label: k('result.tds'),
          children: (
            <Typography.Text strong data-testid="estimate-tds">
              {unit(result.tds, 2, 'percent')}
            </Typography.Text>
          ),
        },
        {
          key: 'yield',
          label: k('result.yield'),
          children: (
            <Typography.Text strong data-testid="estimate-yield">
              {unit(result.yield, 1, 'percent')}
            </Typography.Text>
          ),
        },
        {
          key: 'label',
          label: k('result.label'),
          span: 'filled',
          children: (
            <Space wrap data-testid="estimate-label">
              <Tag color={result.label === 'golden-cup' ? 'gold' : 'default'}>
                {t(`dataCenter.quality.${result.label}`)}
              </Tag>
              {region && (
                <Typography.Text type="secondary">
                  {k('result.region', {
                    strength: k(`strength.${region.strength}`),
                    extraction: k(`extraction.${region.extraction}`),
                  })}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { key: 'water', label: k('result.waterG'), children: unit(result.waterG, 1, 'g') },
        { key: 'beverage', label: k('result.beverageG'), children: unit(result.beverageG, 1, 'g') },
      ]
    : [];
  const items: DescriptionsProps['items'] = [
    ...estimated,
    { key: 'flow', label: k('result.flow'), children: unit(result.extractionFlowMlPerS, 2, 'flow') },
    {
      key: 'profile',
      label: k('result.profile'),
      children: (
        <span data-testid="estimate-profile">
          {k('result.profileOf', {
            profile: result.profileName ?? '—',
            kind: kind || '—',
            model: result.modelName,
          })}
        </span>
      ),
    },
    ...(result.tdsLow !== null && result.yieldLow !== null
      ? [
          {
            key: 'golden',
            label: k('result.golden'),
            children: k('result.goldenRange', {
              tdsLow: result.tdsLow,
              tdsHigh: result.tdsHigh,
              yieldLow: result.yieldLow,
              yieldHigh: result.yieldHigh,
            }),
          },
        ]
      : []),
    {
      key: 'factor',
      label: k('result.factor'),
      children: (
        <span data-testid="estimate-factor">
          {result.readings
            ? k('result.factorOf', { factor: fixed(result.factor, 3), count: result.readings })
            : k('result.uncalibrated')}
        </span>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="estimate-result">
      {!result.profileId && <Alert type="warning" showIcon message={k('result.noProfile')} />}
      {result.profileId && !result.label && (
        <Alert type="warning" showIcon message={k('result.noEstimate')} />
      )}
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items} />
      {cup && <EstimateChart cup={cup} texts={texts} title={k('chart.title')} />}
    </Space>
  );
}
