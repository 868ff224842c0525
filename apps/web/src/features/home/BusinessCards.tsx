/**
 * The business at a glance (issue 17 point 6): the machines the user runs by state, today's cups and
 * revenue against the same weekday last week up to this time of day, the bad-cup rate, open faults
 * and channels about to run empty. Every figure links to the page that lists it, narrowed the same
 * way (the device list by condition, the Order List and production records to today). A part the
 * server answers as null (no permission to list it) has no card.
 */
import { Card, Col, Empty, List, Row as GridRow, Statistic, Typography } from 'antd';
import { ListLine } from './ListLine';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, groupedAmount } from '../../utils/format';
import { channelsPath, detailPath, deviceListPath } from '../device/device-links';
import type { HomeBusiness } from './home-api';

const MACHINE_STATES = ['all', 'online', 'offline', 'alarm', 'locked', 'shortage', 'maintenance'] as const;
const FAULT_LOG_PATH = '/dataCenter-faultLog';

/** A list page narrowed to one day by its date field (the pages read `…From`/`…To` on arrival). */
const dayPath = (path: string, field: string, day: string) =>
  `${path}?${new URLSearchParams({ [`${field}From`]: day, [`${field}To`]: day }).toString()}`;

function SectionCard(props: { title: string; extra?: ReactNode; testId: string; children: ReactNode }) {
  return (
    <Card
      className="page-card home-business-card"
      data-testid={props.testId}
      title={
        <Typography.Title level={3} className="home-section">
          {props.title}
        </Typography.Title>
      }
      extra={props.extra}
    >
      {props.children}
    </Card>
  );
}

/** "up 12 % on last week": the change of `today` against `lastWeek`. */
function useChange() {
  const { t } = useTranslation();
  return (today: number, lastWeek: number) => {
    if (!lastWeek) return today ? t('home.business.change.new') : t('home.business.change.same');
    const percent = Math.round(((today - lastWeek) / lastWeek) * 100);
    if (!percent) return t('home.business.change.same');
    return t(`home.business.change.${percent > 0 ? 'up' : 'down'}`, { percent: Math.abs(percent) });
  };
}

export default function BusinessCards({ data }: { data: HomeBusiness }) {
  const { t } = useTranslation();
  const change = useChange();
  const { machines, cups, revenue, faults, channels } = data;
  return (
    <section aria-labelledby="home-business-title" className="home-business">
      <div className="home-business-head">
        <Typography.Title level={2} className="home-section" id="home-business-title">
          {t('home.business.title')}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('home.business.zone', { date: data.today, zone: data.timeZone })}
        </Typography.Text>
      </div>
      {machines && (
        <SectionCard title={t('home.business.machines.title')} testId="home-machines">
          <GridRow gutter={[12, 12]}>
            {MACHINE_STATES.map((state) => (
              <Col key={state} xs={12} sm={8} md={6} xl={3}>
                {/* Online machines have no counter of their own on the list: it opens them all. */}
                <Link
                  to={deviceListPath({ condition: state === 'online' ? 'all' : state })}
                  className="home-stat"
                  data-testid={`home-machines-${state}`}
                >
                  <Statistic title={t(`home.business.machines.${state}`)} value={machines[state]} />
                </Link>
              </Col>
            ))}
          </GridRow>
        </SectionCard>
      )}
      <GridRow gutter={16}>
        {cups && (
          <Col xs={24} md={12}>
            <SectionCard
              title={t('home.business.cups.title')}
              testId="home-cups"
              extra={
                <Link to={dayPath('/dataCenter-produceRecord', 'producedAt', data.today)}>
                  {t('home.business.cups.records')}
                </Link>
              }
            >
              <GridRow gutter={16}>
                <Col span={12}>
                  <Statistic title={t('home.business.cups.title')} value={cups.today} />
                  <Typography.Text type="secondary">
                    {t('home.business.cups.lastWeek', { count: cups.lastWeek })} ·{' '}
                    {change(cups.today, cups.lastWeek)}
                  </Typography.Text>
                </Col>
                <Col span={12}>
                  {cups.badCupRate == null ? (
                    <Statistic title={t('home.business.cups.badCupRate')} value="—" />
                  ) : (
                    <Statistic
                      title={t('home.business.cups.badCupRate')}
                      value={cups.badCupRate * 100}
                      precision={1}
                      suffix="%"
                    />
                  )}
                  <Typography.Text type="secondary">
                    {cups.reportedToday
                      ? t('home.business.cups.badCups', { bad: cups.badToday, reported: cups.reportedToday })
                      : t('home.business.cups.noCups')}
                  </Typography.Text>
                </Col>
              </GridRow>
            </SectionCard>
          </Col>
        )}
        {revenue && (
          <Col xs={24} md={12}>
            <SectionCard
              title={t('home.business.revenue.title')}
              testId="home-revenue"
              extra={
                <Link to={dayPath('/order-list', 'orderedAt', data.today)}>
                  {t('home.business.revenue.list')}
                </Link>
              }
            >
              {revenue.length ? (
                <GridRow gutter={16}>
                  {revenue.map((r) => (
                    <Col key={r.currency} span={revenue.length > 1 ? 12 : 24}>
                      <Statistic
                        title={`${t('home.business.revenue.title')} (${r.currency})`}
                        value={r.today}
                        suffix={r.currency}
                      />
                      <Typography.Text type="secondary">
                        {t('home.business.revenue.orders', { count: r.ordersToday })} ·{' '}
                        {t('home.business.revenue.lastWeek', {
                          amount: `${groupedAmount(r.lastWeek)} ${r.currency}`,
                        })}{' '}
                        · {change(Number(r.today), Number(r.lastWeek))}
                      </Typography.Text>
                    </Col>
                  ))}
                </GridRow>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.business.revenue.none')} />
              )}
            </SectionCard>
          </Col>
        )}
        {faults && (
          <Col xs={24} md={12}>
            <SectionCard
              title={`${t('home.business.faults.title')}: ${faults.open}`}
              testId="home-faults"
              extra={<Link to={FAULT_LOG_PATH}>{t('home.business.faults.log')}</Link>}
            >
              {/* antd's own empty text is too pale for WCAG AA: say it in secondary text. */}
              {!faults.latest.length && (
                <Typography.Text type="secondary">{t('home.business.faults.none')}</Typography.Text>
              )}
              {!!faults.latest.length && (
                <List
                  size="small"
                  dataSource={faults.latest}
                  renderItem={(f) => (
                    <List.Item>
                      <ListLine
                        title={
                          <Link to={detailPath({ id: f.deviceId, automation: f.automation })}>
                            {f.deviceName ?? f.deviceId}
                          </Link>
                        }
                        description={`${f.code}${f.message ? ` · ${f.message}` : ''} · ${formatDateTime(f.raisedAt)}`}
                      />
                    </List.Item>
                  )}
                />
              )}
            </SectionCard>
          </Col>
        )}
        {channels && (
          <Col xs={24} md={12}>
            <SectionCard
              title={`${t('home.business.channels.title')}: ${channels.low}`}
              testId="home-channels"
            >
              {!channels.latest.length && (
                <Typography.Text type="secondary">{t('home.business.channels.none')}</Typography.Text>
              )}
              {!!channels.latest.length && (
                <List
                  size="small"
                  dataSource={channels.latest}
                  renderItem={(c) => (
                    <List.Item>
                      <ListLine
                        title={
                          <Link to={channelsPath(c.deviceId)}>
                            {`${c.deviceName ?? c.deviceId} · ${c.name || t('home.business.channels.channel', { number: c.channelNumber })}`}
                          </Link>
                        }
                        description={`${c.material ? `${c.material} · ` : ''}${t(
                          'home.business.channels.level',
                          {
                            level: Math.round(c.levelG),
                            low: c.lowLevelG,
                          },
                        )}`}
                      />
                    </List.Item>
                  )}
                />
              )}
            </SectionCard>
          </Col>
        )}
      </GridRow>
    </section>
  );
}
