/**
 * The Tax Center (issue 11 §4): a calculator that previews an order's tax lines under the current
 * tax configuration — choose a store and an order type, add products and extra products with their
 * quantity and unit price, and see each line's tax and the order's net, tax and gross. The server
 * computes (exact cents, the country's rule); this page only shows what it answers, money in the
 * console's format ($12.50 / 12.50 元).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Card, Input, InputNumber, Radio, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TAX_ORDER_TYPES, type TaxOrderType } from '@brewfleet/contracts/resources/tax';
import type { TaxPreview } from '@brewfleet/contracts/tax-preview';
import { Button } from '../../components/Button';
import ScrollRegion from '../../components/ScrollRegion';
import { useRefOptions } from '../../resources/use-ref-options';
import { formatMoney } from '../../utils/format';
import { taxApi } from './tax-api';

interface DraftLine {
  key: number;
  /** `p:<product id>` or `e:<extra product id>`. */
  item?: string;
  quantity: number;
  unitPrice: string;
}

type PreviewLine = TaxPreview['lines'][number];

let nextKey = 1;
const newLine = (): DraftLine => ({ key: nextKey++, quantity: 1, unitPrice: '' });

export default function TaxCenterPage() {
  const { t } = useTranslation();
  const [storeId, setStoreId] = useState<string>();
  const [orderType, setOrderType] = useState<TaxOrderType>('dine-in');
  const [lines, setLines] = useState<DraftLine[]>(() => [newLine()]);
  const [result, setResult] = useState<TaxPreview | null>(null);
  const stores = useRefOptions('store');
  const products = useRefOptions('product');
  const extras = useRefOptions('extra-product');
  const money = (value: string) => formatMoney(value, t);

  const itemOptions = [
    {
      label: t('taxCenter.products'),
      options: (products.data ?? []).map((o) => ({ value: `p:${o.value}`, label: o.label })),
    },
    {
      label: t('taxCenter.extras'),
      options: (extras.data ?? []).map((o) => ({ value: `e:${o.value}`, label: o.label })),
    },
  ];
  const change = (key: number, patch: Partial<DraftLine>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...patch } : line)));
  const ready = !!storeId && lines.every((l) => l.item && l.unitPrice.trim() !== '');

  const calculate = async () => {
    try {
      setResult(
        await taxApi.preview({
          storeId,
          orderType,
          lines: lines.map((line) => ({
            ...(line.item!.startsWith('p:')
              ? { productId: line.item!.slice(2) }
              : { extraProductId: line.item!.slice(2) }),
            quantity: line.quantity,
            unitPrice: line.unitPrice.trim(),
          })),
        }),
      );
    } catch {
      // toasted by the client
    }
  };

  const columns: ColumnsType<PreviewLine> = [
    { title: t('taxCenter.lineNo'), dataIndex: 'line', width: 48 },
    { title: t('taxCenter.item'), dataIndex: 'name' },
    { title: t('taxCenter.quantity'), dataIndex: 'quantity', align: 'right' },
    { title: t('taxCenter.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: money },
    { title: t('taxCenter.amount'), dataIndex: 'amount', align: 'right', render: money },
    {
      title: t('taxCenter.taxName'),
      key: 'taxName',
      render: (_, line) => (line.taxName ? `${line.taxName} (${line.taxRate}%)` : t('taxCenter.noTax')),
    },
    { title: t('taxCenter.tax'), dataIndex: 'tax', align: 'right', render: money },
    { title: t('taxCenter.net'), dataIndex: 'net', align: 'right', render: money },
    { title: t('taxCenter.gross'), dataIndex: 'gross', align: 'right', render: money },
  ];

  return (
    <Card title={t('taxCenter.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">{t('taxCenter.intro')}</Typography.Paragraph>
        <Space wrap size="large">
          <Select
            aria-label={t('taxCenter.store')}
            data-testid="tax-store"
            style={{ minWidth: 240 }}
            placeholder={t('taxCenter.chooseStore')}
            options={stores.data}
            value={storeId}
            onChange={setStoreId}
            showSearch
            optionFilterProp="label"
          />
          <Radio.Group
            aria-label={t('taxCenter.orderType')}
            optionType="button"
            value={orderType}
            onChange={(e) => setOrderType(e.target.value as TaxOrderType)}
            options={TAX_ORDER_TYPES.map((type) => ({
              value: type,
              label: t(`taxCenter.orderTypes.${type}`),
            }))}
          />
        </Space>
        {lines.map((line, i) => (
          <Space key={line.key} wrap data-testid={`tax-line-${i + 1}`}>
            <Select
              aria-label={`${t('taxCenter.item')} ${i + 1}`}
              style={{ minWidth: 260 }}
              placeholder={t('taxCenter.chooseItem')}
              options={itemOptions}
              value={line.item}
              onChange={(item: string) => change(line.key, { item })}
              showSearch
              optionFilterProp="label"
            />
            <InputNumber
              aria-label={`${t('taxCenter.quantity')} ${i + 1}`}
              min={1}
              max={999}
              precision={0}
              value={line.quantity}
              onChange={(quantity) => change(line.key, { quantity: quantity ?? 1 })}
            />
            <Input
              aria-label={`${t('taxCenter.unitPrice')} ${i + 1}`}
              style={{ width: 140 }}
              inputMode="decimal"
              placeholder="12.50"
              value={line.unitPrice}
              onChange={(e) => change(line.key, { unitPrice: e.target.value })}
            />
            <Button
              guardMs={0}
              icon={<DeleteOutlined />}
              disabled={lines.length === 1}
              onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))}
            >
              {t('taxCenter.removeLine')}
            </Button>
          </Space>
        ))}
        <Space>
          <Button guardMs={0} icon={<PlusOutlined />} onClick={() => setLines((all) => [...all, newLine()])}>
            {t('taxCenter.addLine')}
          </Button>
          <Button type="primary" disabled={!ready} onClick={calculate} data-testid="tax-calculate">
            {t('taxCenter.calculate')}
          </Button>
        </Space>
        {result && <PreviewResult result={result} columns={columns} money={money} />}
      </Space>
    </Card>
  );
}

function PreviewResult({
  result,
  columns,
  money,
}: {
  result: TaxPreview;
  columns: ColumnsType<PreviewLine>;
  money: (value: string) => string;
}) {
  const { t } = useTranslation();
  const { rule } = result;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="tax-result">
      <Alert
        type="info"
        showIcon
        message={t(rule.pricesIncludeTax ? 'taxCenter.included' : 'taxCenter.excluded', {
          country: result.country,
          rounding: t(`taxCenter.roundings.${rule.rounding}`),
          unit: t(`taxCenter.units.${rule.decimals}`),
        })}
      />
      <ScrollRegion label={t('taxCenter.title')}>
        <Table<PreviewLine>
          rowKey="line"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={result.lines}
          summary={() => (
            <Table.Summary.Row data-testid="tax-totals">
              <Table.Summary.Cell index={0} colSpan={6}>
                {t('taxCenter.totals')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(result.tax)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {money(result.net)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={8} align="right">
                {money(result.gross)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )}
        />
      </ScrollRegion>
    </Space>
  );
}
