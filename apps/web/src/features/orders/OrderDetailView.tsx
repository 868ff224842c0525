/**
 * What `/order-detail` shows of one order (contracts order-api `orderDetailAnswer`): who, where and
 * when; the amounts with the server's price check (its notes in the reader's language); the lines
 * with their taxes, and beside a line's bad cups how they were made good for the member (a coupon or
 * money back to the wallet); the payment and its refunds; the status history; the cups made with
 * their quality data, bad cups marked. It only draws the answer: the page (OrderDetailPage) fetches
 * it and offers the actions, given here as `actions`.
 */
import { Alert, Card, Descriptions, Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderLine } from '@brewfleet/contracts/order-api';
import ScrollRegion from '../../components/ScrollRegion';
import { enumLabelKey } from '../../resources/field-meta';
import { formatDateTime, formatMoney } from '../../utils/format';
import QualityData from '../device-records/QualityData';
import { OrderStatusTag, PriceCheckTag, STATUS_COLORS } from './order-tags';
import './orders.css';

type Refund = OrderDetail['refunds'][number];
type Cup = OrderDetail['cups'][number];
type Step = OrderDetail['timeline'][number];
type Compensation = OrderDetail['compensations'][number];

const sectionTitle = (text: string) => (
  <Typography.Title level={3} className="detail-section-title">
    {text}
  </Typography.Title>
);

/** Params of a check note that are amounts: shown in the console's money format. */
const MONEY_PARAMS = new Set(['reported', 'expected']);
const MONEY_TEXT = /^\d+(?:\.\d+)?$/;

/** "order.check.priceDiffers" with its params, in the reader's language. */
export function CheckNotes({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const params = (note: OrderDetail['checkNotes'][number]) =>
    Object.fromEntries(
      Object.entries(note.params).map(([key, value]) => [
        key,
        MONEY_PARAMS.has(key) && MONEY_TEXT.test(String(value))
          ? formatMoney(String(value), t)
          : // A machine that reports no menu version: said in words rather than left blank.
            key === 'version' && value === ''
            ? t('orders.detail.noVersion')
            : value,
      ]),
    );
  if (detail.priceCheck === 'ok' && !detail.checkNotes.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="check-notes"
      title={t('orders.detail.checkTitle')}
      description={
        detail.checkNotes.length ? (
          <ul className="order-check-notes">
            {detail.checkNotes.map((note, i) => (
              <li key={i}>{t(note.key, params(note))}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

function HeaderCard({ detail, actions }: { detail: OrderDetail; actions?: ReactNode }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`orders.detail.${key}`);
  const machine = [detail.deviceName, detail.serialNumber].filter(Boolean).join(' · ');
  return (
    <Card
      className="page-card"
      title={
        <Space wrap>
          <Typography.Title level={2} className="resource-title" data-testid="order-heading">
            {t('orders.detail.heading', { orderNo: detail.orderNo })}
          </Typography.Title>
          <OrderStatusTag status={detail.status} />
          <PriceCheckTag check={detail.priceCheck} />
        </Space>
      }
      extra={actions}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'pickupCode', label: d('pickupCode'), children: detail.pickupCode },
          {
            key: 'orderedAt',
            label: d('orderedAt'),
            // The instant in the browser's zone: the user's, as every time the console shows.
            children: formatDateTime(detail.orderedAt),
          },
          { key: 'merchant', label: d('merchant'), children: detail.merchantName ?? '' },
          { key: 'store', label: d('store'), children: detail.storeName ?? '' },
          { key: 'machine', label: d('machine'), children: machine },
          {
            key: 'source',
            label: d('source'),
            children: t(enumLabelKey('order', 'source', detail.source)),
          },
          {
            key: 'orderType',
            label: d('orderType'),
            children: t(enumLabelKey('order', 'orderType', detail.orderType)),
          },
          { key: 'menuVersion', label: d('menuVersion'), children: detail.menuVersion ?? '' },
          { key: 'memberNo', label: d('memberNo'), children: detail.memberNo ?? '' },
        ].filter((item) => item.children !== '')}
      />
    </Card>
  );
}

function AmountsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const money = (value: string | null) => formatMoney(value, t);
  const d = (key: string) => t(`orders.detail.${key}`);
  const items = [
    { key: 'amount', label: d('amount'), children: money(detail.amount) },
    { key: 'discount', label: d('discount'), children: money(detail.discount) },
    { key: 'actualPayment', label: d('actualPayment'), children: money(detail.actualPayment) },
    { key: 'actualReceived', label: d('actualReceived'), children: money(detail.actualReceived) },
    { key: 'tax', label: d('tax'), children: money(detail.tax) },
    {
      key: 'refunded',
      label: d('refunded'),
      children: <span data-testid="order-refunded">{money(detail.refunded)}</span>,
    },
    {
      key: 'refundable',
      label: d('refundable'),
      children: <span data-testid="order-refundable">{money(detail.refundable)}</span>,
    },
    ...(detail.reportedPayment !== null && detail.reportedPayment !== detail.actualPayment
      ? [{ key: 'reportedPayment', label: d('reportedPayment'), children: money(detail.reportedPayment) }]
      : []),
    ...(detail.reportedTax !== null && detail.reportedTax !== detail.tax
      ? [{ key: 'reportedTax', label: d('reportedTax'), children: money(detail.reportedTax) }]
      : []),
  ];
  return (
    <Card
      title={sectionTitle(d('amountsTitle'))}
      extra={<Tag>{d(detail.pricesIncludeTax ? 'taxIncluded' : 'taxAdded')}</Tag>}
      data-testid="order-amounts"
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <CheckNotes detail={detail} />
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} items={items} />
      </Space>
    </Card>
  );
}

/**
 * "Large, oat milk · pearls × 2". The machine's combination label ("Large / Oat") is the chosen
 * options again, in the machine's language: shown only where an option has no name to show (the
 * catalog no longer has it, so it reads as its id) or none was reported.
 */
function composition(line: OrderLine): string {
  const toppings = line.toppings.map((tp) => (tp.quantity > 1 ? `${tp.code} × ${tp.quantity}` : tp.code));
  const allNamed =
    line.optionNames.length > 0 && line.optionNames.every((name, i) => name !== line.options[i]);
  return [allNamed ? null : line.combination, line.optionNames.join(', '), toppings.join(', ')]
    .filter(Boolean)
    .join(' · ');
}

/** How a line's bad cup was made good for the member: a coupon, or money back to the wallet, and when. */
function CompensationTag({ compensation }: { compensation: Compensation }) {
  const { t } = useTranslation();
  const at = formatDateTime(compensation.at);
  return (
    <Tag color="#237804" data-testid={`compensation-${compensation.seq}`}>
      {compensation.kind === 'coupon'
        ? t('orders.detail.compensationCoupon', { name: compensation.couponName ?? '', at })
        : t('orders.detail.compensationWallet', { amount: formatMoney(compensation.amount, t), at })}
    </Tag>
  );
}

function LinesCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`orders.detail.${key}`);
  const money = (value: string | null) => formatMoney(value, t);
  const columns: ColumnsType<OrderLine> = [
    { key: 'seq', dataIndex: 'seq', title: d('seq') },
    {
      key: 'name',
      title: d('name'),
      render: (_, line) => (
        <Space size={4} wrap>
          {line.name}
          {line.kind === 'extra' && <Tag>{d('extra')}</Tag>}
        </Space>
      ),
    },
    { key: 'composition', title: d('composition'), render: (_, line) => composition(line) },
    { key: 'unitPrice', title: d('unitPrice'), render: (_, line) => money(line.unitPrice) },
    {
      key: 'reportedUnitPrice',
      title: d('reportedUnitPrice'),
      // Only where the machine's price is not the server's: that is what the reader looks for.
      render: (_, line) =>
        line.reportedUnitPrice !== null && line.reportedUnitPrice !== line.unitPrice ? (
          <Typography.Text type="danger">{money(line.reportedUnitPrice)}</Typography.Text>
        ) : null,
    },
    { key: 'quantity', dataIndex: 'quantity', title: d('quantity') },
    { key: 'amount', title: d('lineAmount'), render: (_, line) => money(line.amount) },
    { key: 'taxName', title: d('taxName'), render: (_, line) => line.taxName ?? '' },
    { key: 'taxRate', dataIndex: 'taxRate', title: d('taxRate') },
    { key: 'tax', title: d('lineTax'), render: (_, line) => money(line.tax) },
    { key: 'refunded', title: d('lineRefunded'), render: (_, line) => money(line.refunded) },
    {
      key: 'flag',
      title: d('flag'),
      render: (_, line) => (line.flag ? <PriceCheckTag check={line.flag} /> : null),
    },
    {
      key: 'cups',
      title: d('cups'),
      render: (_, line) =>
        line.kind === 'extra' ? null : (
          <>
            {line.cups}
            {line.badCups > 0 && <Typography.Text type="danger"> ({line.badCups})</Typography.Text>}
            {detail.compensations
              .filter((c) => c.seq === line.seq)
              .map((c) => (
                <div key={`${c.kind}-${c.at}`}>
                  <CompensationTag compensation={c} />
                </div>
              ))}
          </>
        ),
    },
  ];
  return (
    <Card title={sectionTitle(d('linesTitle'))}>
      <ScrollRegion label={d('linesTitle')} testId="order-lines">
        <Table<OrderLine>
          size="small"
          rowKey="seq"
          columns={columns}
          dataSource={detail.lines}
          pagination={false}
        />
      </ScrollRegion>
    </Card>
  );
}

interface PaymentRow {
  key: string;
  kind: 'payment' | 'refund';
  amount: string | null;
  /** Under the amount: a refund's split over the lines (or "whole order"). */
  split: string;
  method: string;
  reason: string;
  by: string;
  at: string;
}

/**
 * A time short enough for a narrow column: no seconds, and no year within the current one; the
 * full time on hover.
 */
function shortDateTime(value: string, now = dayjs()): string {
  const d = dayjs(value);
  if (!d.isValid()) return value;
  return d.format(d.year() === now.year() ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm');
}

/**
 * The payment and its refunds in one narrow table (it shares its row with the status history):
 * a refund's split over the lines goes under its amount, the time is short.
 */
function PaymentsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`orders.detail.${key}`);
  const money = (value: string | null) => formatMoney(value, t);
  const refundSplit = (refund: Refund) =>
    refund.lines.length
      ? refund.lines
          .map((l) => t('orders.detail.refundLine', { seq: l.seq, amount: money(l.amount) }))
          .join(', ')
      : d('wholeOrder');
  const rows: PaymentRow[] = [
    {
      key: 'payment',
      kind: 'payment',
      amount: detail.actualReceived ?? detail.actualPayment,
      split: '',
      method: [t(enumLabelKey('order', 'paymentMethod', detail.paymentMethod)), detail.paymentReference]
        .filter(Boolean)
        .join(' · '),
      reason: '',
      by: '',
      at: detail.orderedAt,
    },
    ...detail.refunds.map((refund): PaymentRow => {
      // Given back by the server when the order ended unmade: its reason is that status.
      const ended = refund.cause === 'order-ended';
      return {
        key: `refund-${refund.id}`,
        kind: 'refund',
        amount: refund.amount,
        split: refundSplit(refund),
        method: '',
        reason: ended
          ? t(`orders.detail.givenBack.${refund.reason}`, { defaultValue: refund.reason })
          : refund.reason,
        by: ended ? d('system') : (refund.by ?? ''),
        at: refund.at,
      };
    }),
  ];
  const columns: ColumnsType<PaymentRow> = [
    {
      key: 'kind',
      title: d('kind'),
      render: (_, row) =>
        row.kind === 'payment' ? (
          <Tag color="#237804">{d('payment')}</Tag>
        ) : (
          <Tag color="#a8071a">{d('refund')}</Tag>
        ),
    },
    {
      key: 'amount',
      title: d('paymentAmount'),
      render: (_, row) => (
        <div className="order-payment-amount" data-testid="payment-amount">
          <span className="order-nowrap">
            {row.kind === 'refund' ? `−${money(row.amount)}` : money(row.amount)}
          </span>
          {row.split && (
            <Typography.Text type="secondary" className="order-payment-split">
              {row.split}
            </Typography.Text>
          )}
        </div>
      ),
    },
    { key: 'method', title: d('method'), dataIndex: 'method' },
    {
      key: 'at',
      title: d('at'),
      onCell: () => ({ className: 'order-nowrap' }),
      render: (_, row) => (
        <time dateTime={row.at} title={formatDateTime(row.at)}>
          {shortDateTime(row.at)}
        </time>
      ),
    },
    { key: 'by', title: d('by'), dataIndex: 'by' },
    { key: 'reason', title: d('reason'), dataIndex: 'reason' },
  ];
  return (
    <Card title={sectionTitle(d('paymentsTitle'))}>
      <ScrollRegion label={d('paymentsTitle')} testId="order-payments">
        <Table<PaymentRow>
          size="small"
          rowKey="key"
          className="order-payments-table"
          columns={columns}
          dataSource={rows}
          pagination={false}
        />
      </ScrollRegion>
    </Card>
  );
}

function TimelineCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`orders.detail.${key}`);
  const item = (step: Step, index: number) => ({
    key: index,
    // A refused or late report is grey: it did not move the order.
    color: step.outcome === 'moved' ? STATUS_COLORS[step.status] : 'gray',
    content: (
      <div className="order-step">
        <Space size={4} wrap>
          <OrderStatusTag status={step.status} />
          {step.outcome !== 'moved' && <Tag>{d(`outcome.${step.outcome}`)}</Tag>}
          <Typography.Text type="secondary">{d(`cause.${step.cause}`)}</Typography.Text>
          {step.by && (
            <Typography.Text type="secondary">{t('orders.detail.stepBy', { name: step.by })}</Typography.Text>
          )}
        </Space>
        <div>
          <Typography.Text type="secondary">{formatDateTime(step.at)}</Typography.Text>
          {step.reason && <Typography.Text> · {step.reason}</Typography.Text>}
        </div>
      </div>
    ),
  });
  return (
    <Card title={sectionTitle(d('timelineTitle'))} data-testid="order-timeline">
      <Timeline items={detail.timeline.map(item)} />
    </Card>
  );
}

function CupsCard({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation();
  const d = (key: string) => t(`orders.detail.${key}`);
  const seconds = (value: number | null) => (value === null ? '' : String(value));
  const names = new Map(detail.lines.filter((l) => l.kind === 'product').map((l) => [l.line, l.name]));
  const columns: ColumnsType<Cup> = [
    { key: 'at', title: d('cupTime'), render: (_, cup) => formatDateTime(cup.producedAt) },
    { key: 'line', title: d('cupLine'), render: (_, cup) => cup.line ?? '' },
    {
      key: 'product',
      title: d('cupProduct'),
      render: (_, cup) => (cup.line !== null ? names.get(cup.line) : undefined) ?? cup.productCode,
    },
    {
      key: 'result',
      title: d('cupResult'),
      render: (_, cup) => (
        <Space size={4} wrap>
          <Tag color={cup.result === 'completed' ? '#237804' : '#a8071a'}>{d(`results.${cup.result}`)}</Tag>
          {cup.badCup ? (
            <Tag color="#a8071a" data-testid="bad-cup">
              {d('badCup')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    { key: 'cupOut', title: d('cupOut'), render: (_, cup) => seconds(cup.cupOutSeconds) },
    { key: 'extraction', title: d('extraction'), render: (_, cup) => seconds(cup.extractionSeconds) },
  ];
  return (
    <Card title={sectionTitle(d('cupsTitle'))}>
      {detail.cups.length ? (
        <ScrollRegion label={d('cupsTitle')} testId="order-cups">
          <Table<Cup>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={detail.cups}
            // A bad cup's row is marked red as well as tagged (the tag says it without colour).
            rowClassName={(cup) => (cup.badCup ? 'order-bad-cup' : '')}
            expandable={{
              rowExpandable: (cup) => !!cup.coffee || !!cup.tea?.length,
              expandedRowRender: (cup) => (
                <QualityData
                  row={{ id: cup.id, coffee: cup.coffee ?? undefined, tea: cup.tea ?? undefined }}
                />
              ),
            }}
            pagination={detail.cups.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </ScrollRegion>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={d('noCups')} />
      )}
    </Card>
  );
}

export default function OrderDetailView({ detail, actions }: { detail: OrderDetail; actions?: ReactNode }) {
  return (
    <div className="order-detail" data-testid="order-detail">
      <HeaderCard detail={detail} actions={actions} />
      <AmountsCard detail={detail} />
      <LinesCard detail={detail} />
      <div className="order-detail-pair">
        <PaymentsCard detail={detail} />
        <TimelineCard detail={detail} />
      </div>
      <CupsCard detail={detail} />
    </div>
  );
}
