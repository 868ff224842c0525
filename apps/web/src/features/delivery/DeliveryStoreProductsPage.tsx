/**
 * `/produce-delivery-store-product`: per store on Uber Eats, what its menu carries — the products
 * the store sells that are enabled takeout products, in the store's order, at the price Uber shows
 * (store-menu.ts) — beside its binding and sync state. A view: products are chosen and priced under
 * Takeout products and the store's products.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { resourceKeys, useRefOptions } from '../../resources/use-ref-options';
import { formatDateTime, formatMoney } from '../../utils/format';
import { BindingTag, SyncStateTag } from './DeliveryTags';
import { storeMenuLines, storeProductsQuery, takeoutQuery, type StoreMenuLine } from './store-menu';

const STORES = { page: 1, limit: 500, sort: '-createdAt' };

export default function DeliveryStoreProductsPage() {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | undefined>();
  const stores = useQuery({
    queryKey: resourceKeys.list('delivery-store', STORES),
    queryFn: () => resourceApi.list('delivery-store', STORES),
  });
  const storeNames = useRefOptions('store');
  const products = useRefOptions('product');
  const rows = stores.data?.list ?? [];
  const store: Row | undefined = rows.find((r) => r.id === chosen) ?? rows[0];
  const merchantId = store ? String(store.merchantId) : '';
  const storeId = store ? String(store.storeId) : '';
  const takeout = useQuery({
    queryKey: resourceKeys.list('takeout-product', takeoutQuery(merchantId)),
    queryFn: () => resourceApi.list('takeout-product', takeoutQuery(merchantId)),
    enabled: !!store,
  });
  const sold = useQuery({
    queryKey: resourceKeys.list('store-product', storeProductsQuery(storeId)),
    queryFn: () => resourceApi.list('store-product', storeProductsQuery(storeId)),
    enabled: !!store,
  });
  const lines = useMemo(
    () => storeMenuLines(sold.data?.list ?? [], takeout.data?.list ?? [], products.data ?? []),
    [sold.data, takeout.data, products.data],
  );
  const nameOf = (row: Row) =>
    storeNames.data?.find((o) => String(o.value) === String(row.storeId))?.label ?? String(row.storeId);

  const s = (key: string) => t(`delivery.storeProducts.${key}`);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Typography.Title level={2} className="resource-title">
        {s('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" data-testid="page-hint">
        {t('delivery.hints.storeProducts')}
      </Typography.Paragraph>
      {!stores.isLoading && rows.length === 0 ? (
        <Empty description={s('noStores')} />
      ) : (
        <>
          <Space>
            <Typography.Text>{s('store')}</Typography.Text>
            <Select
              aria-label={s('store')}
              data-testid="store-picker"
              style={{ minWidth: 280 }}
              placeholder={s('pickStore')}
              loading={stores.isLoading}
              value={store?.id}
              onChange={setChosen}
              options={rows.map((r) => ({
                value: r.id,
                label: `${String(nameOf(r))}${r.uberStoreId ? ` · ${String(r.uberStoreId)}` : ''}`,
              }))}
            />
          </Space>
          {store && (
            <Card data-testid="store-menu">
              <Descriptions size="small" column={3}>
                <Descriptions.Item label={t('resources.delivery-store.fields.binding')}>
                  <BindingTag value={store.binding} />
                </Descriptions.Item>
                <Descriptions.Item label={t('resources.delivery-store.fields.syncState')}>
                  <SyncStateTag value={store.syncState} />
                </Descriptions.Item>
                <Descriptions.Item label={s('lastSync')}>
                  {store.lastSyncAt ? formatDateTime(store.lastSyncAt) : t('common.none')}
                </Descriptions.Item>
              </Descriptions>
              {store.binding !== 'bound' && (
                <Typography.Paragraph type="warning">{s('unbound')}</Typography.Paragraph>
              )}
              <Typography.Paragraph data-testid="store-menu-count">
                {lines.length ? t('delivery.storeProducts.carries', { count: lines.length }) : s('empty')}
              </Typography.Paragraph>
              <Table<StoreMenuLine>
                rowKey="id"
                size="small"
                loading={takeout.isLoading || sold.isLoading}
                pagination={false}
                dataSource={lines}
                columns={[
                  { key: 'product', dataIndex: 'product', title: s('product') },
                  {
                    key: 'price',
                    dataIndex: 'price',
                    title: s('price'),
                    render: (value: string | null, line: StoreMenuLine) => (
                      <Space size={4}>
                        {value != null && formatMoney(value, t)}
                        <Typography.Text type="secondary">{s(`priceFrom.${line.priceFrom}`)}</Typography.Text>
                      </Space>
                    ),
                  },
                ]}
              />
            </Card>
          )}
        </>
      )}
    </Space>
  );
}
