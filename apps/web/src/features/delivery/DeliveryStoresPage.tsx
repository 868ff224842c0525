/**
 * Uber stores (`delivery/store`): the generic list of the merchant's stores on Uber Eats, each bound
 * (it carries an Uber store id) or unbound, its menu's sync state as a colored tag, last sync and
 * last error; and the "Sync menu" row action on a bound store (its own permission code).
 */
import { Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { P } from '@brewfleet/contracts/permissions';
import { deliveryStoreResource } from '@brewfleet/contracts/resources/delivery';
import type { Row } from '../../api/types';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import { BindingTag, SyncStateTag } from './DeliveryTags';
import SyncMenuDialog from './SyncMenuDialog';
import { canSync, PAUSED_COLOR } from './sync-state';

export default function DeliveryStoresPage() {
  const { t } = useTranslation();
  const [syncing, setSyncing] = useState<Row | null>(null);

  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> =>
      columns.map((column) => {
        if (column.key === 'binding')
          return { ...column, render: (_: unknown, row: Row) => <BindingTag value={row.binding} /> };
        if (column.key === 'syncState')
          return {
            ...column,
            render: (_: unknown, row: Row) => (
              <Space size={4} wrap>
                <SyncStateTag value={row.syncState} />
                {row.paused === true && <Tag color={PAUSED_COLOR}>{t('delivery.paused')}</Tag>}
              </Space>
            ),
          };
        return column;
      }),
    [t],
  );

  const rowActions: RowAction[] = [
    {
      key: 'sync',
      label: t('delivery.sync.action'),
      permission: P.deliveryStore.sync,
      shown: canSync,
      onClick: setSyncing,
    },
  ];

  return (
    <>
      <ResourcePage
        def={deliveryStoreResource}
        rowActions={rowActions}
        adjustColumns={adjustColumns}
        header={
          <Typography.Paragraph type="secondary" data-testid="page-hint">
            {t('delivery.hints.stores')}
          </Typography.Paragraph>
        }
      />
      {syncing && <SyncMenuDialog store={syncing} onClose={() => setSyncing(null)} />}
    </>
  );
}
