/**
 * Channel configuration (`chargingBasket/index`): the channels of every named configuration, sorted
 * by name with the name cell merged over each configuration's rows, so each reads as one block. The
 * name is typed with the names in use offered; a row leads to the distribution of its configuration.
 */
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { channelConfigResource } from '@brewfleet/contracts/resources/channels';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { configNameSpans } from './config-names';
import ConfigNameInput from './ConfigNameInput';

const RENDERERS = { configName: () => <ConfigNameInput /> };

export default function ChannelConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>([]);
  // By row id: until the rows of a new page arrive here (after the table rendered them), their cells
  // stay unmerged rather than merged by the spans of the previous page.
  const spans = useMemo(() => {
    const list = configNameSpans(rows);
    return new Map(rows.map((row, i) => [row.id, list[i]]));
  }, [rows]);
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>) =>
      columns.map((column) =>
        column.key === 'configName'
          ? { ...column, onCell: (row: Row) => ({ rowSpan: spans.get(row.id) ?? 1 }) }
          : column,
      ),
    [spans],
  );
  return (
    <ResourcePage
      def={channelConfigResource}
      renderers={RENDERERS}
      adjustColumns={adjustColumns}
      onRowsChange={setRows}
      header={<Typography.Paragraph type="secondary">{t('channelConfigs.nameHint')}</Typography.Paragraph>}
      rowActions={[
        {
          key: 'distribute',
          label: t('channelConfigs.distribute'),
          permission: P.channelConfig.distribute,
          onClick: (row) =>
            navigate({
              pathname: '/chargingBasket-bind',
              search: `?${new URLSearchParams({ configName: String(row.configName ?? '') })}`,
            }),
        },
      ]}
    />
  );
}
