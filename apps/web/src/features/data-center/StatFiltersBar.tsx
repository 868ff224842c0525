/**
 * The filters of a statistics page: merchant, store, machine, family (unless the page is about one),
 * product, business kind (where the page groups by it), the dates and the grouping. The pickers read
 * the same `/select` options as every list's search form; a store or machine list follows the
 * merchant (and the family) chosen.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Segmented, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MERCHANT_KINDS, STAT_MAX_HOUR_DAYS, type StatPage } from '@brewfleet/contracts/data-center';
import { MACHINE_FAMILIES } from '@brewfleet/contracts/device-protocol';
import { resourceApi } from '../../api/resource-api';
import { enumLabelKey } from '../../resources/field-meta';
import { resourceKeys, useRefOptions } from '../../resources/use-ref-options';
import { lastDays, type StatFilters } from './stat-filters';

interface Props {
  page: StatPage;
  filters: StatFilters;
  onChange: (next: StatFilters) => void;
}

const PRODUCTS_LIMIT = 500;

/** Products by code (the figures are kept per product code), each named once. */
export function useProductOptions(merchantId: string | undefined) {
  const body = { page: 1, limit: PRODUCTS_LIMIT, sort: 'name', ...(merchantId ? { merchantId } : {}) };
  return useQuery({
    queryKey: resourceKeys.list('product', body),
    queryFn: () => resourceApi.list('product', body),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    select: (page) => {
      const seen = new Map<string, { value: string; label: string }>();
      for (const row of page.list) {
        const code = String(row.code ?? '');
        if (code && !seen.has(code))
          seen.set(code, { value: code, label: `${String(row.name ?? code)} · ${code}` });
      }
      return [...seen.values()];
    },
  });
}

const daysIn = (from: string, to: string) => dayjs(to).diff(dayjs(from), 'day') + 1;

export default function StatFiltersBar({ page, filters, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<StatFilters>) => onChange({ ...filters, ...patch });
  const merchants = useRefOptions('merchant');
  const stores = useRefOptions('store', true, { merchantId: filters.merchantId });
  const family = page.family ?? filters.family;
  const devices = useRefOptions('device', true, { merchantId: filters.merchantId, family });
  const products = useProductOptions(filters.merchantId);
  const f = (key: string) => t(`dataCenter.filters.${key}`);
  const picker = (key: string) => ({
    allowClear: true,
    showSearch: { optionFilterProp: 'label' as const },
    placeholder: `${f(key)}: ${f('all')}`,
    'aria-label': f(key),
    className: 'stat-filter',
    'data-testid': `stat-filter-${key}`,
  });
  const presets = [
    { label: f('last7'), value: lastDays(7) },
    { label: f('last30'), value: lastDays(30) },
  ].map(({ label, value }) => ({ label, value: [dayjs(value.from), dayjs(value.to)] as [Dayjs, Dayjs] }));
  const tooLongForHours = daysIn(filters.from, filters.to) > STAT_MAX_HOUR_DAYS;

  return (
    <Space wrap size={[8, 8]} className="stat-filters" data-testid="stat-filters">
      <Select
        {...picker('merchant')}
        value={filters.merchantId}
        loading={merchants.isLoading}
        options={merchants.data ?? []}
        // A store or machine of another merchant would narrow to nothing.
        onChange={(merchantId?: string) =>
          set({
            merchantId,
            storeId: undefined,
            deviceId: page.requires === 'deviceId' ? filters.deviceId : undefined,
          })
        }
      />
      <Select
        {...picker('store')}
        value={filters.storeId}
        loading={stores.isLoading}
        options={stores.data ?? []}
        onChange={(storeId?: string) => set({ storeId })}
      />
      <Select
        {...picker('device')}
        value={filters.deviceId}
        loading={devices.isLoading}
        options={devices.data ?? []}
        allowClear={page.requires !== 'deviceId'}
        onChange={(deviceId?: string) => set({ deviceId })}
      />
      {!page.family && (
        <Select
          {...picker('family')}
          value={filters.family}
          options={MACHINE_FAMILIES.map((value) => ({
            value,
            label: t(enumLabelKey('device', 'family', value)),
          }))}
          onChange={(value?: StatFilters['family']) => set({ family: value })}
        />
      )}
      <Select
        {...picker('product')}
        value={filters.productCode}
        loading={products.isLoading}
        options={products.data ?? []}
        allowClear={page.requires !== 'productCode'}
        onChange={(productCode?: string) => set({ productCode })}
      />
      {page.by.includes('merchantKind') && (
        <Select
          {...picker('merchantKind')}
          value={filters.merchantKind}
          options={MERCHANT_KINDS.map((value) => ({ value, label: t(`dataCenter.merchantKinds.${value}`) }))}
          onChange={(merchantKind?: StatFilters['merchantKind']) => set({ merchantKind })}
        />
      )}
      <DatePicker.RangePicker
        aria-label={f('range')}
        data-testid="stat-filter-range"
        allowClear={false}
        value={[dayjs(filters.from), dayjs(filters.to)]}
        presets={presets}
        disabledDate={(day) => day.isAfter(dayjs(), 'day')}
        onChange={(range) => {
          if (range?.[0] && range[1])
            set({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });
        }}
      />
      {page.by.length > 1 && (
        <Space size={6} className="stat-group-by">
          <span id={`stat-by-${page.name}`}>{f('groupBy')}</span>
          <Segmented
            aria-labelledby={`stat-by-${page.name}`}
            data-testid="stat-group-by"
            value={filters.by}
            options={page.by.map((by) => ({
              value: by,
              label: t(`dataCenter.dimensions.${by}`),
              // Hours are offered for a week at most (the server refuses more).
              disabled: by === 'hour' && tooLongForHours && filters.by !== 'hour',
            }))}
            onChange={(by) => set({ by: by as StatFilters['by'] })}
          />
        </Space>
      )}
    </Space>
  );
}
