/**
 * One machine's evidence: per metric, its finding (state, z, recent against baseline and fleet) and
 * the last 48 h of hourly means drawn against its own normal band and the fleet band.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../utils/format';
import DriftChart from './DriftChart';
import { driftKeys, fetchDriftEvidence } from './drift-api';
import { driftRows, formatNumber, withUnit } from './drift-rows';

export default function DriftEvidenceView({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const evidence = useQuery({
    queryKey: driftKeys.evidence(deviceId),
    queryFn: () => fetchDriftEvidence(deviceId),
  });
  const names = useMemo(
    () => ({
      series: t('drift.evidence.series'),
      band: t('drift.evidence.band'),
      fleet: t('drift.evidence.fleetBand'),
    }),
    [t],
  );
  if (evidence.isLoading) return <Skeleton active />;
  const data = evidence.data;
  if (!data) return <Empty />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="drift-evidence">
      <Typography.Title level={3} className="drift-machine">
        {t('drift.evidence.title', { machine: `${data.deviceName} (${data.serialNumber})` })}
      </Typography.Title>
      <Typography.Text type="secondary">
        {t('drift.evidence.range', { from: formatDateTime(data.from), to: formatDateTime(data.to) })}
      </Typography.Text>
      {data.metrics.length === 0 && <Empty description={t('drift.evidence.none')} />}
      <Row gutter={[12, 12]}>
        {data.metrics.map((m) => {
          const [row] = m.finding ? driftRows(t, [m.finding]) : [];
          const label = t(`drift.metrics.${m.metric}`);
          return (
            <Col key={m.metric} xs={24} lg={12}>
              <Card
                size="small"
                data-testid={`drift-metric-${m.metric}`}
                title={
                  <Space>
                    <Typography.Text strong>{label}</Typography.Text>
                    {row && <Tag color={row.color}>{row.stateLabel}</Tag>}
                  </Space>
                }
                extra={row && <Typography.Text type="secondary">z {row.z}</Typography.Text>}
              >
                <DriftChart
                  metric={m}
                  names={names}
                  label={t('drift.evidence.chart', { metric: label, machine: data.deviceName })}
                />
                {row && (
                  <Typography.Text type="secondary" className="drift-figures">
                    {t('drift.columns.recent')} {row.recent} · {t('drift.columns.baseline')} {row.baseline} ·{' '}
                    {t('drift.evidence.fleetBand')}{' '}
                    {m.fleet
                      ? withUnit(
                          t,
                          m.metric,
                          `${formatNumber(m.metric, m.fleet.low)} – ${formatNumber(m.metric, m.fleet.high)}`,
                        )
                      : '—'}{' '}
                    · {t('drift.evidence.cups', { count: m.finding?.n ?? 0 })}
                  </Typography.Text>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
    </Space>
  );
}
