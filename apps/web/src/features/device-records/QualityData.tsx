/**
 * The quality data of one cup (spec §3 "Coffee data", tea segments, materials): what a production
 * row's expanded part shows, on the production records screen and on the machine detail pages.
 * Lists may leave the JSON fields out; the record is then read on its own.
 */
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { resourceKeys } from '../../resources/use-ref-options';
import { COFFEE_UNITS, coffeeEntries, materialEntries, teaSegments } from './quality';
import './device-records.css';

function QualityView({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  const coffee = coffeeEntries(record.coffee);
  const tea = teaSegments(record.tea);
  const materials = materialEntries(record.materials);
  if (!coffee.length && !tea.length && !materials.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('quality.none')} />;
  return (
    <div className="quality-data">
      {coffee.length > 0 && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, lg: 4 }}
          title={<Typography.Text strong>{t('quality.coffeeTitle')}</Typography.Text>}
          items={coffee.map(([key, value]) => ({
            key,
            label: t(`quality.coffee.${key}`),
            children: `${value}${COFFEE_UNITS[key] ? ` ${COFFEE_UNITS[key]}` : ''}`,
          }))}
        />
      )}
      {tea.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="index"
          title={() => <Typography.Text strong>{t('quality.teaTitle')}</Typography.Text>}
          dataSource={tea}
          columns={[
            {
              key: 'segment',
              title: t('quality.tea.segment'),
              render: (_, s) => t(`quality.tea.ordinal.${s.index}`),
            },
            {
              key: 'out',
              title: t('quality.tea.out'),
              render: (_, s) => <Tag>{t(s.out ? 'quality.tea.isOut' : 'quality.tea.notOut')}</Tag>,
            },
            {
              key: 'range',
              title: t('quality.tea.range'),
              render: (_, s) => `${s.rangeS} ${t('units.seconds')}`,
            },
            {
              key: 'amount',
              title: t('quality.tea.amount'),
              render: (_, s) => `${s.amountG} ${t('units.g')}`,
            },
          ]}
        />
      )}
      {materials.length > 0 && (
        <div>
          <Typography.Text strong>{t('quality.materials')}</Typography.Text>{' '}
          {materials.map((m) => (
            <Tag key={m.channel}>{t('quality.channelGrams', { channel: m.channel, grams: m.grams })}</Tag>
          ))}
        </div>
      )}
    </div>
  );
}

/** The quality of a production row: from the row when it carries it, else from the record. */
export default function QualityData({ row }: { row: Row }) {
  const carried = 'coffee' in row || 'tea' in row || 'materials' in row;
  const item = useQuery({
    queryKey: resourceKeys.item('production-record', String(row.id)),
    queryFn: () => resourceApi.get('production-record', String(row.id)),
    enabled: !carried,
  });
  if (carried) return <QualityView record={row} />;
  if (!item.data) return <Spin size="small" />;
  return <QualityView record={item.data} />;
}
