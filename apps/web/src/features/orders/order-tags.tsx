/** An order's status and price check as tags, the same on the list and the detail page. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderCheck } from '@brewfleet/contracts/resources/order';
import type { OrderStatus } from '@brewfleet/contracts/order-status';
import { enumLabelKey } from '../../resources/field-meta';

/** Solid colours with white text (the light antd presets fall below AA contrast, as CellValue says). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  'waiting-payment': '#874d00',
  paid: '#0050b3',
  processing: '#531dab',
  completed: '#237804',
  cancelled: '#595959',
  rejected: '#a8071a',
};

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="order-status">
      {t(enumLabelKey('order', 'status', status))}
    </Tag>
  );
}

/** The price check: a warning tag when the machine's figures were not the server's, else a quiet one. */
export function PriceCheckTag({ check }: { check: OrderCheck }) {
  const { t } = useTranslation();
  const label = t(enumLabelKey('order', 'priceCheck', check));
  return check === 'ok' ? (
    <Tag>{label}</Tag>
  ) : (
    <Tag color="#ad4e00" data-testid="price-check-warning">
      ⚠ {label}
    </Tag>
  );
}
