/**
 * The create form's pickers of what a release covers. Machines: any of the merchant's machines,
 * narrowed by a store filter; the machines of the store chosen for the release are left out, as
 * they receive it anyway. Products: the merchant's listed products by family (snacks are never
 * pushed); none chosen means what the store and the machines sell.
 */
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceApi } from '../../api/resource-api';
import { enumLabelKey } from '../../resources/field-meta';
import { resourceKeys, useRefOptions } from '../../resources/use-ref-options';

const PICKER_LIMIT = 500;

interface ControlProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
}

export function MachinePicker({ id, value, onChange }: ControlProps) {
  const { t } = useTranslation();
  const merchantId = (Form.useWatch('merchantId') as string | undefined) || undefined;
  const releaseStore = (Form.useWatch('storeId') as string | undefined) || undefined;
  const [storeFilter, setStoreFilter] = useState<string | undefined>();
  const stores = useRefOptions('store', true, { merchantId });
  const body = {
    page: 1,
    limit: PICKER_LIMIT,
    sort: 'name',
    ...(merchantId ? { merchantId } : {}),
    ...(storeFilter ? { storeId: storeFilter } : {}),
  };
  const devices = useQuery({
    queryKey: resourceKeys.list('device', body),
    queryFn: () => resourceApi.list('device', body),
  });
  const chosen = new Set(value ?? []);
  const options = (devices.data?.list ?? [])
    .filter((d) => chosen.has(String(d.id)) || !releaseStore || String(d.storeId) !== releaseStore)
    .map((d) => ({
      value: String(d.id),
      label: `${String(d.name ?? d.id)} · ${String(d.serialNumber ?? '')}`,
    }));

  return (
    <Space orientation="vertical" className="menu-picker">
      <Select
        aria-label={t('menuDistribution.create.storeFilter')}
        value={storeFilter}
        onChange={setStoreFilter}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={stores.isLoading}
        options={stores.data ?? []}
        placeholder={t('menuDistribution.create.storeFilter')}
      />
      <Select
        id={id}
        mode="multiple"
        value={value}
        onChange={onChange}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={devices.isFetching}
        options={options}
        placeholder={t('common.pleaseSelect')}
        data-testid="release-machines"
      />
      <Typography.Text type="secondary">{t('menuDistribution.create.machinesHint')}</Typography.Text>
    </Space>
  );
}

export function ProductPicker({ id, value, onChange }: ControlProps) {
  const { t } = useTranslation();
  const body = { page: 1, limit: PICKER_LIMIT, sort: 'name', listed: true };
  const products = useQuery({
    queryKey: resourceKeys.list('product', body),
    queryFn: () => resourceApi.list('product', body),
  });
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const p of products.data?.list ?? []) {
    if (p.kind === 'snack') continue;
    const family = String(p.family);
    const option = { value: String(p.id), label: `${String(p.name)} · ${String(p.code)}` };
    groups.set(family, [...(groups.get(family) ?? []), option]);
  }
  return (
    <Space orientation="vertical" className="menu-picker">
      <Select
        id={id}
        mode="multiple"
        value={value}
        onChange={onChange}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={products.isFetching}
        options={[...groups].map(([family, options]) => ({
          label: t(enumLabelKey('device', 'family', family)),
          options,
        }))}
        placeholder={t('menuDistribution.create.allProducts')}
        data-testid="release-products"
      />
      <Typography.Text type="secondary">{t('menuDistribution.create.productsHint')}</Typography.Text>
    </Space>
  );
}
