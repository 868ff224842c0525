/**
 * Store products and machine products (spec §2: /produce-store-product, /produce-machine-product, and
 * the same two for automatic coffee machines): choose a store or a machine, see what it sells and at
 * what price (its own or the catalog's), switch availability and edit the price in the table, add
 * products, remove them. `automaticOnly` narrows the screen to automatic coffee machines: their
 * stores, their machines and coffee products.
 */
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Form, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import { useAppStore } from '../../app/stores/app-store';
import { useRefOptions } from '../../resources/use-ref-options';
import { formatMoney } from '../../utils/format';
import AddProductsDialog from './AddProductsDialog';
import PriceCell from './PriceCell';
import { AUTOMATIC_COFFEE, SALES, salesApi, salesKeys, type SalesTarget } from './sales-api';
import { addableProducts, joinSales, type SaleRow } from './sales-rows';
import ListTable from '../../resources/ListTable';
import { Button } from '../../components/Button';
import './sales.css';

interface Props {
  target: SalesTarget;
  automaticOnly?: boolean;
  /** The page's own path: it may be opened with `?storeId=` or `?deviceId=`. */
  path: string;
  title: string;
}

export default function SalesPage({ target, automaticOnly = false, path, title }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useHasPermission();
  const queryClient = useQueryClient();
  const { resource, targetField, permissions } = SALES[target];
  const arrival = useArrivalParams(path, [targetField]);
  const [picked, setPicked] = useState<{ key: string; id?: string }>({ key: '' });
  if (picked.key !== arrival.key) setPicked({ key: arrival.key, id: arrival.values[targetField] });
  const targetId = picked.id;
  const [adding, setAdding] = useState(false);
  // Unique per page: the store and machine screens may both be open in (hidden) tabs.
  const pickerId = useId();

  // Machines: the target list on the machine screens, and on the automatic store screen the stores
  // that have an automatic coffee machine.
  const machines = useQuery({
    queryKey: salesKeys.machines(automaticOnly),
    queryFn: () => salesApi.machines(automaticOnly),
    enabled: target === 'machine' || automaticOnly,
  });
  const stores = useRefOptions('store', target === 'store');
  const targetOptions = useMemo(() => {
    if (target === 'machine')
      return (machines.data ?? []).map((m) => ({
        value: String(m.id),
        label: `${String(m.name ?? '')} (${String(m.serialNumber ?? '')})`,
      }));
    const withMachines = new Set((machines.data ?? []).map((m) => String(m.storeId)));
    return (stores.data ?? []).filter((s) => !automaticOnly || withMachines.has(s.value));
  }, [target, machines.data, stores.data, automaticOnly]);
  const machine = machines.data?.find((m) => String(m.id) === targetId);
  // A machine sells its own family's products; the automatic screens sell coffee.
  const family = target === 'machine' ? ((machine?.family as string | undefined) ?? null) : null;
  const requiredFamily = automaticOnly ? AUTOMATIC_COFFEE.family : family;

  const products = useQuery({ queryKey: salesKeys.products, queryFn: salesApi.products });
  const sales = useQuery({
    queryKey: salesKeys.sales(resource, targetId ?? ''),
    queryFn: () => salesApi.sales(target, targetId!),
    enabled: !!targetId,
  });
  const language = useAppStore((s) => s.language);
  const rows = useMemo(() => {
    const joined = joinSales(sales.data ?? [], products.data ?? [], language);
    return automaticOnly ? joined.filter((r) => r.family === AUTOMATIC_COFFEE.family) : joined;
  }, [sales.data, products.data, automaticOnly, language]);
  const addable = useMemo(
    () => addableProducts(products.data ?? [], rows, requiredFamily),
    [products.data, rows, requiredFamily],
  );

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: salesKeys.sales(resource, targetId ?? '') });
  const change = async (row: SaleRow, body: Record<string, unknown>) => {
    await salesApi.update(target, { id: row.id, ...body });
    void message.success(t('common.saved'));
    await refresh();
  };
  const remove = async (row: SaleRow) => {
    try {
      await salesApi.remove(target, [row.id]);
      void message.success(t('common.deleted', { count: 1 }));
      await refresh();
    } catch {
      // toasted by the client
    }
  };
  const canUpdate = can(permissions.update);

  const columns = [
    { key: 'name', title: t('productSales.product'), dataIndex: 'name' },
    { key: 'code', title: t('resources.product.fields.code'), dataIndex: 'code' },
    {
      key: 'family',
      title: t('resources.product.fields.family'),
      render: (_: unknown, r: SaleRow) =>
        r.family ? <Tag>{t(`resources.product.values.family.${r.family}`)}</Tag> : null,
    },
    {
      key: 'catalogPrice',
      title: t('productSales.catalogPrice'),
      render: (_: unknown, r: SaleRow) => formatMoney(r.catalogPrice, t),
    },
    {
      key: 'ownPrice',
      title: t('productSales.ownPrice'),
      render: (_: unknown, r: SaleRow) => (
        <PriceCell
          key={`${r.id}:${r.ownPrice ?? ''}`}
          ownPrice={r.ownPrice}
          catalogPrice={r.catalogPrice}
          label={t('productSales.priceOf', { name: r.name })}
          disabled={!canUpdate}
          onSave={(price) => change(r, { price })}
        />
      ),
    },
    {
      key: 'price',
      title: t('productSales.sellsAt'),
      render: (_: unknown, r: SaleRow) => formatMoney(r.price, t),
    },
    {
      key: 'available',
      title: t('productSales.available'),
      render: (_: unknown, r: SaleRow) => (
        <Switch
          checked={r.available}
          disabled={!canUpdate}
          aria-label={t('productSales.availableOf', { name: r.name })}
          onChange={(available) => void change(r, { available }).catch(() => undefined)}
        />
      ),
    },
    ...(can(permissions.delete)
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_: unknown, r: SaleRow) => (
              <Popconfirm
                title={t('productSales.confirmRemove', { name: r.name })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove(r)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} guardMs={0}>
                  {t('productSales.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  const pickerLabel = t(target === 'store' ? 'productSales.store' : 'productSales.machine');
  return (
    <Card
      className="page-card"
      title={
        <Typography.Title level={2} className="resource-title">
          {title}
        </Typography.Title>
      }
      extra={
        <Space wrap>
          {can(permissions.create) && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!targetId}
              onClick={() => setAdding(true)}
              data-testid="add-products"
            >
              {t('productSales.add')}
            </Button>
          )}
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('common.refresh')}
            disabled={!targetId}
            onClick={() => void refresh()}
          />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        {t(automaticOnly ? `productSales.${target}AutomaticHint` : `productSales.${target}Hint`)}
      </Typography.Paragraph>
      <Form layout="vertical" component="div" className="sales-target">
        <Form.Item label={pickerLabel} htmlFor={pickerId}>
          <Select
            id={pickerId}
            value={targetId}
            onChange={(id?: string) => setPicked((p) => ({ ...p, id }))}
            options={targetOptions}
            loading={target === 'store' ? stores.isLoading : machines.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            placeholder={t('common.pleaseSelect')}
            notFoundContent={t(automaticOnly ? 'productSales.noAutomatic' : 'productSales.noTargets')}
          />
        </Form.Item>
      </Form>
      {!targetId ? (
        <Empty description={t(`productSales.choose.${target}`)} />
      ) : (
        <ListTable<SaleRow>
          rowKey="id"
          size="middle"
          data-testid="sales-table"
          loading={sales.isFetching || products.isLoading}
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
        />
      )}
      {targetId && (
        <AddProductsDialog
          open={adding}
          target={target}
          targetId={targetId}
          products={addable}
          onClose={() => setAdding(false)}
          onAdded={() => void refresh()}
        />
      )}
    </Card>
  );
}
