/**
 * Refund an order (permission `coffee:order:refund`): the whole remaining amount, or amounts of some
 * lines, with a reason. The form checks what the server would refuse (refund-rules.ts): a line's
 * amount at most what is left on it, the total at most what is left on the order. Each submission
 * carries an `Idempotency-Key`; the same submission retried after its answer was lost keeps it, so a
 * refund is never made twice (idempotency.ts).
 */
import { App, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderRefundResult } from '@brewfleet/contracts/order-api';
import { ApiError } from '../../api/api-error';
import { Button } from '../../components/Button';
import { showFieldErrors } from '../../resources/server-errors';
import { formatMoney, moneyAffix } from '../../utils/format';
import { idempotentSubmissions } from './idempotency';
import { orderApi } from './order-api';
import {
  draftTotal,
  fromCents,
  lineProblem,
  lineRefundable,
  refundBody,
  totalProblem,
  type RefundDraft,
  type RefundProblem,
} from './refund-rules';

interface Props {
  detail: OrderDetail;
  open: boolean;
  onClose: () => void;
  onRefunded: (result: OrderRefundResult) => void;
}

const REASON_MAX = 200;

/** The form's value for the total: it shows the sum, its rule checks it against what is refundable. */
function TotalText({ detail }: { detail: OrderDetail; value?: unknown; onChange?: unknown }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RefundDraft>();
  const total = Form.useWatch((values: RefundDraft) => (values ? draftTotal(detail, values) : 0), form) ?? 0;
  return (
    <Typography.Text strong data-testid="refund-total">
      {t('orders.refund.total', { amount: formatMoney(fromCents(total), t) })}
    </Typography.Text>
  );
}

export default function RefundDialog({ detail, open, onClose, onRefunded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<RefundDraft>();
  const [sending, setSending] = useState(false);
  // One per dialog: a retried submission after a lost answer reuses its key, any other gets a new one.
  const [submissions] = useState(() => idempotentSubmissions());
  const mode = Form.useWatch('mode', form) ?? 'whole';
  const refundableLines = useMemo(() => detail.lines.filter((line) => lineRefundable(line) > 0), [detail]);
  const money = (cents: number) => formatMoney(fromCents(cents), t);
  const problemText = (problem: RefundProblem) =>
    t(`orders.refund.${problem.key}`, {
      ...problem.params,
      ...(problem.params?.amount ? { amount: formatMoney(problem.params.amount, t) } : {}),
    });

  const submit = async (draft: RefundDraft) => {
    // The rules passed: every amount typed is valid, and the lines left empty are not refunded.
    const body = refundBody(detail, { ...draft, mode: draft.mode ?? 'whole' });
    const key = submissions.keyFor(body);
    setSending(true);
    try {
      const result = await orderApi.refund(body, key);
      submissions.settled(false);
      void message.success(t('orders.refund.done', { amount: formatMoney(result.refund.amount, t) }));
      form.resetFields();
      onRefunded(result);
    } catch (error) {
      // A lost answer may hide a refund made: the same submission sent again keeps its key.
      submissions.settled(error instanceof ApiError && error.isTransport);
      showFieldErrors(form, error, ['reason']);
    } finally {
      setSending(false);
    }
  };

  const lineNames = refundableLines.map((line) => ['lines', String(line.seq)]);
  return (
    <Modal
      open={open}
      title={t('orders.refund.title', { orderNo: detail.orderNo })}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Space>
          <Button onClick={onClose} guardMs={0}>
            {t('common.cancel')}
          </Button>
          <Button
            type="primary"
            danger
            loading={sending}
            onClick={() => form.submit()}
            data-testid="refund-submit"
          >
            {t('orders.refund.submit')}
          </Button>
        </Space>
      }
    >
      <Form<RefundDraft>
        form={form}
        layout="vertical"
        name="order-refund"
        initialValues={{ mode: 'whole' }}
        onFinish={(values) => void submit(values)}
        preserve={false}
      >
        <Form.Item name="mode" label={t('orders.refund.mode')}>
          <Radio.Group
            options={[
              {
                value: 'whole',
                label: t('orders.refund.whole', { amount: formatMoney(detail.refundable, t) }),
              },
              { value: 'lines', label: t('orders.refund.perLine'), disabled: !refundableLines.length },
            ]}
          />
        </Form.Item>
        {mode === 'lines' &&
          refundableLines.map((line) => (
            <Form.Item
              key={line.seq}
              name={['lines', String(line.seq)]}
              label={t('orders.refund.lineLabel', { seq: line.seq, name: line.name })}
              extra={t('orders.refund.lineHint', { amount: money(lineRefundable(line)) })}
              rules={[
                {
                  validator: async (_, value: unknown) => {
                    const problem = lineProblem(line, value);
                    if (problem) throw new Error(problemText(problem));
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                {...moneyAffix(t)}
                autoComplete="off"
                data-testid={`refund-line-${line.seq}`}
              />
            </Form.Item>
          ))}
        <Form.Item
          name="total"
          dependencies={['mode', ...lineNames]}
          rules={[
            {
              validator: async () => {
                const problem = totalProblem(detail, form.getFieldsValue(true) as RefundDraft);
                if (problem) throw new Error(problemText(problem));
              },
            },
          ]}
        >
          <TotalText detail={detail} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('orders.refund.reason')}
          rules={[{ required: true, whitespace: true, message: t('orders.refund.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
