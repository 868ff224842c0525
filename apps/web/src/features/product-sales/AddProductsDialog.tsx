/**
 * Adds products to what a store or a machine sells, at the catalog price or one price typed for
 * all of them. The server decides what may be sold there (its merchant's products, a machine's own
 * family): each product it refuses is listed with its message, the others are added.
 */
import { Alert, App, Form, Input, Modal, Select, Switch } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import type { Row } from '../../api/types';
import { salesApi, SALES, type SalesTarget } from './sales-api';
import { parsePrice } from './sales-rows';
import { moneyAffix } from '../../utils/format';
import { nameIn } from '@brewfleet/contracts/localized-names';
import { useAppStore } from '../../app/stores/app-store';

interface Props {
  open: boolean;
  target: SalesTarget;
  targetId: string;
  products: Row[];
  onClose: () => void;
  onAdded: () => void;
}

interface Refusal {
  label: string;
  message: string;
}

/** A product by its name in the console's language, and its code. */
const productLabel = (p: Row, language: string) =>
  `${nameIn({ name: p.name, names: p.names }, language)} (${String(p.code ?? '')})`;

export default function AddProductsDialog({ open, target, targetId, products, onClose, onAdded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const language = useAppStore((s) => s.language);
  const [chosen, setChosen] = useState<string[]>([]);
  const [price, setPrice] = useState('');
  const [available, setAvailable] = useState(true);
  const [busy, setBusy] = useState(false);
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  const parsed = parsePrice(price);
  const id = useId();

  const reset = () => {
    setChosen([]);
    setPrice('');
    setAvailable(true);
    setRefusals([]);
  };
  const close = () => {
    reset();
    onClose();
  };

  const add = async () => {
    if (!chosen.length || !parsed.valid) return;
    setBusy(true);
    const refused: Refusal[] = [];
    const kept: string[] = [];
    let added = 0;
    for (const productId of chosen) {
      const product = products.find((p) => String(p.id) === productId);
      try {
        await salesApi.add(target, {
          [SALES[target].targetField]: targetId,
          productId,
          available,
          ...(parsed.value ? { price: parsed.value } : {}),
        });
        added++;
      } catch (error) {
        kept.push(productId);
        refused.push({
          label: product ? productLabel(product, language) : productId,
          message: error instanceof ApiError ? error.message : String(error),
        });
      }
    }
    setBusy(false);
    if (added) {
      void message.success(t('productSales.added', { count: added }));
      onAdded();
    }
    if (refused.length) {
      setChosen(kept);
      setRefusals(refused);
    } else close();
  };

  return (
    <Modal
      open={open}
      title={t('productSales.addTitle')}
      okText={t('productSales.add')}
      cancelText={t('common.cancel')}
      onOk={() => void add()}
      onCancel={close}
      confirmLoading={busy}
      okButtonProps={{ disabled: !chosen.length || !parsed.valid, 'data-testid': 'add-products-ok' }}
      destroyOnHidden
    >
      {refusals.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="sales-refusals"
          data-testid="sales-refusals"
          title={t('productSales.refused')}
          description={
            <ul>
              {refusals.map((r) => (
                <li key={r.label}>
                  {r.label}: {r.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      <Form layout="vertical" component="div">
        <Form.Item label={t('productSales.products')} htmlFor={`${id}-products`} required>
          <Select
            id={`${id}-products`}
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            options={products.map((p) => ({ value: String(p.id), label: productLabel(p, language) }))}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('common.pleaseSelect')}
            notFoundContent={t('productSales.nothingToAdd')}
          />
        </Form.Item>
        <Form.Item
          label={t('productSales.price')}
          htmlFor={`${id}-price`}
          validateStatus={parsed.valid ? undefined : 'error'}
          help={parsed.valid ? t('productSales.priceHint') : t('productSales.invalidPrice')}
        >
          <Input
            id={`${id}-price`}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
            {...moneyAffix(t)}
          />
        </Form.Item>
        <Form.Item label={t('productSales.available')} htmlFor={`${id}-available`}>
          <Switch id={`${id}-available`} checked={available} onChange={setAvailable} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
