/** Today's cups (in cups, spec §1), the two maintenance counters and the fault statistics of one machine. */
import { Card, Col, Empty, Progress, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceDetail } from '@brewfleet/contracts/fleet-api';
import { formatDateTime } from '../../utils/format';
import { cupUnit } from '../../utils/units';

const SectionTitle = ({ children }: { children: string }) => (
  <Typography.Title level={3} className="detail-section-title">
    {children}
  </Typography.Title>
);

export function TodayCard({ today }: { today: DeviceDetail['today'] }) {
  const { t } = useTranslation();
  const rate = today.cups ? Math.round((today.badCups / today.cups) * 1000) / 10 : 0;
  return (
    <Card
      size="small"
      title={<SectionTitle>{t('deviceDetail.today.title')}</SectionTitle>}
      data-testid="detail-today"
    >
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic
            title={t('deviceDetail.today.cups')}
            value={today.cups}
            suffix={cupUnit(t, today.cups)}
            data-testid="today-cups"
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('deviceDetail.today.badCups')}
            value={today.badCups}
            suffix={cupUnit(t, today.badCups)}
            data-testid="today-badCups"
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('deviceDetail.today.failed')}
            value={today.failed}
            suffix={cupUnit(t, today.failed)}
            data-testid="today-failed"
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('deviceDetail.today.badRate')} value={rate} suffix="%" />
        </Col>
      </Row>
    </Card>
  );
}

function MaintenanceLine({
  kind,
  counter,
}: {
  kind: 'basic' | 'deep';
  counter: DeviceDetail['maintenance']['basic'];
}) {
  const { t } = useTranslation();
  const percent =
    counter.every > 0 ? Math.min(100, Math.round((counter.cupsSince / counter.every) * 100)) : 0;
  return (
    <div className="maintenance-line" data-testid={`maintenance-${kind}`}>
      <div className="maintenance-head">
        <Typography.Text strong>{t(`deviceDetail.maintenance.${kind}`)}</Typography.Text>
        {counter.due && <Tag color="#0958d9">{t('devices.status.maintenance')}</Tag>}
      </div>
      <Progress
        percent={percent}
        status={counter.due ? 'exception' : 'normal'}
        aria-label={t(`deviceDetail.maintenance.${kind}`)}
        format={() => t('deviceDetail.maintenance.cups', { since: counter.cupsSince, every: counter.every })}
      />
      <Typography.Text type="secondary">
        {t('deviceDetail.maintenance.lastAt', {
          time: counter.lastAt ? formatDateTime(counter.lastAt) : t('deviceDetail.maintenance.never'),
        })}
      </Typography.Text>
    </div>
  );
}

export function MaintenanceCard({ maintenance }: { maintenance: DeviceDetail['maintenance'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={<SectionTitle>{t('deviceDetail.maintenance.title')}</SectionTitle>}>
      <MaintenanceLine kind="basic" counter={maintenance.basic} />
      <MaintenanceLine kind="deep" counter={maintenance.deep} />
    </Card>
  );
}

export function FaultStatsCard({ stats }: { stats: DeviceDetail['faultStats'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={<SectionTitle>{t('deviceDetail.faultStats.title')}</SectionTitle>}>
      {stats.length ? (
        <Table
          size="small"
          rowKey="code"
          pagination={false}
          dataSource={stats}
          columns={[
            { key: 'code', dataIndex: 'code', title: t('resources.fault-log.fields.code') },
            { key: 'count', dataIndex: 'count', title: t('deviceDetail.faultStats.count'), align: 'right' },
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.faultStats.none')} />
      )}
    </Card>
  );
}

export { SectionTitle };
