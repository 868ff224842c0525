/**
 * Packaging bag (menu "Packaging bag"): the extra products of the packaging kind — bags, cup
 * carriers — with the tax allocated to each per order type. The generic extra-product page narrowed
 * to that kind (new rows start as packaging), plus a column of their taxes.
 */
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { extraProductResource } from '@brewfleet/contracts/resources/catalog';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { taxApi } from './tax-api';

const PACKAGING = { kind: 'packaging' };

export default function PackagingBagPage() {
  const { t } = useTranslation();
  const [ids, setIds] = useState<string[]>([]);
  const onRowsChange = useCallback((rows: Row[]) => setIds(rows.map((r) => String(r.id))), []);
  const taxes = useQuery({
    queryKey: ['tax', 'extra-products', ids],
    queryFn: () => taxApi.extraProductTaxes(ids),
    enabled: ids.length > 0,
  });
  // Each bag's taxes: "Packed · Bag tax 5%", one per order type.
  const byBag = useMemo(() => {
    const names = new Map((taxes.data?.taxes ?? []).map((x) => [String(x.id), x]));
    const out = new Map<string, string[]>();
    for (const a of taxes.data?.allocations ?? []) {
      const tax = names.get(String(a.taxId));
      const label = `${t(`resources.tax-allocation.values.orderType.${String(a.orderType)}`)} · ${
        tax ? `${String(tax.name)} ${String(tax.rate)}%` : String(a.taxId)
      }`;
      const key = String(a.extraProductId);
      out.set(key, [...(out.get(key) ?? []), label]);
    }
    return out;
  }, [taxes.data, t]);
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> => [
      ...columns,
      {
        key: 'taxes',
        title: t('taxPages.packagingTax'),
        render: (_, row) => {
          const labels = byBag.get(String(row.id));
          return labels?.length ? (
            <Space size={[0, 4]} wrap>
              {labels.map((label) => (
                <Tag key={label}>{label}</Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('taxPages.noTax')}</Typography.Text>
          );
        },
      },
    ],
    [byBag, t],
  );
  return (
    <>
      <Typography.Paragraph type="secondary">{t('taxPages.packagingHint')}</Typography.Paragraph>
      <ResourcePage
        def={extraProductResource}
        fixedFilters={PACKAGING}
        createDefaults={PACKAGING}
        hiddenSearch={['kind']}
        adjustColumns={adjustColumns}
        onRowsChange={onRowsChange}
      />
    </>
  );
}
