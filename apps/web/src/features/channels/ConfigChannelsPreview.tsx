/** The channels a configuration would write on each machine, as they will be numbered there. */
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { channelConfigResource } from '@brewfleet/contracts/resources/channels';
import type { Row } from '../../api/types';
import CellValue from '../../resources/CellValue';
import { fieldLabel } from '../../resources/field-meta';

const COLUMN_KEYS = [
  'channelNumber',
  'name',
  'channelTypeId',
  'material',
  'preDischargeSeconds',
  'shelfLifeHours',
  'capacityG',
  'lowLevelG',
] as const;

export default function ConfigChannelsPreview({ rows, loading }: { rows: Row[]; loading: boolean }) {
  const { t } = useTranslation();
  const def = channelConfigResource;
  const columns: ColumnsType<Row> = COLUMN_KEYS.map((key) => ({
    key,
    dataIndex: key,
    title: fieldLabel(t, def.name, key),
    render: (value: unknown) => (
      <CellValue resource={def.name} name={key} field={def.fields[key]} value={value} />
    ),
  }));
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      data-testid="distribution-preview"
      caption={
        <Typography.Text type="secondary" className="distribution-caption">
          {t('channelDistribution.preview')}
        </Typography.Text>
      }
      loading={loading}
      columns={columns}
      dataSource={rows}
      pagination={false}
    />
  );
}
