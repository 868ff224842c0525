/**
 * The machine's channels: how full each is (grams, and barrels for bulk liquids), whether it is short,
 * and when its contents expire.
 */
import { Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import ScrollRegion from '../../components/ScrollRegion';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { useHasPermission } from '../../app/stores/permission-store';
import { formatDateTime } from '../../utils/format';
import { expiryState, levelPercent } from '../device-channels/channel-status';
import { levelText } from '../device-channels/channel-units';
import { channelsPath } from '../device/device-links';
import { STATUS_COLORS } from '../device/device-status';
import { SectionTitle } from './SummaryCards';

type Channel = Record<string, unknown>;

export default function ChannelsCard({ deviceId, channels }: { deviceId: string; channels: Channel[] }) {
  const { t } = useTranslation();
  const can = useHasPermission();
  return (
    <Card
      size="small"
      title={<SectionTitle>{t('deviceDetail.channels.title')}</SectionTitle>}
      extra={
        can(P.deviceChannel.list) && (
          <Link to={channelsPath(deviceId)}>{t('deviceDetail.channels.manage')}</Link>
        )
      }
      data-testid="detail-channels"
    >
      {channels.length ? (
        <ScrollRegion label={t('deviceDetail.channels.title')}>
          <Table<Channel>
            size="small"
            rowKey={(row) => String(row.id ?? row.channelNumber)}
            pagination={false}
            dataSource={channels}
            columns={[
              {
                key: 'number',
                dataIndex: 'channelNumber',
                title: t('resources.device-channel.fields.channelNumber'),
              },
              { key: 'name', dataIndex: 'name', title: t('resources.device-channel.fields.name') },
              {
                key: 'material',
                dataIndex: 'material',
                title: t('resources.device-channel.fields.material'),
              },
              {
                key: 'level',
                title: t('resources.device-channel.fields.levelG'),
                render: (_, row) => {
                  const percent = levelPercent(row.levelG, row.capacityG);
                  return percent === null ? (
                    <Typography.Text type="secondary">{t('deviceDetail.channels.unknown')}</Typography.Text>
                  ) : (
                    <Progress
                      percent={percent}
                      size="small"
                      status={row.shortage ? 'exception' : 'normal'}
                      aria-label={t('deviceDetail.channels.level', {
                        channel: String(row.channelNumber ?? ''),
                      })}
                      format={() => levelText(t, row)}
                      className="channel-level"
                    />
                  );
                },
              },
              {
                key: 'shortage',
                title: t('resources.device-channel.fields.shortage'),
                render: (_, row) =>
                  row.shortage ? (
                    <Tag color={STATUS_COLORS.shortage.tag}>{t('devices.status.shortage')}</Tag>
                  ) : null,
              },
              {
                key: 'expiresAt',
                title: t('resources.device-channel.fields.expiresAt'),
                render: (_, row) => {
                  const state = expiryState(row);
                  if (state === 'unknown') return null;
                  return (
                    <span className={`channel-expiry channel-expiry-${state}`}>
                      {formatDateTime(row.expiresAt)}
                      {state !== 'fresh' && (
                        <Tag color={state === 'expired' ? '#a8071a' : '#874d00'}>
                          {t(`deviceDetail.channels.${state}`)}
                        </Tag>
                      )}
                    </span>
                  );
                },
              },
            ]}
          />
        </ScrollRegion>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.channels.none')} />
      )}
    </Card>
  );
}
