/**
 * Cancel an order not yet made (waiting for payment, or paid): permission `coffee:order:cancel`, with
 * a reason; the server answers the order as it is now (a cancelled order, or why it could not be).
 */
import { App, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@brewfleet/contracts/order-api';
import type { OrderStatus } from '@brewfleet/contracts/order-status';
import { Button } from '../../components/Button';
import { showFieldErrors } from '../../resources/server-errors';
import { orderApi } from './order-api';

/** Statuses an order can be cancelled from (contracts order-status.ts: nothing made yet). */
export const CANCELLABLE: readonly OrderStatus[] = ['waiting-payment', 'paid'];

interface Props {
  detail: OrderDetail;
  open: boolean;
  onClose: () => void;
  onCancelled: (detail: OrderDetail) => void;
}

export default function CancelDialog({ detail, open, onClose, onCancelled }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [sending, setSending] = useState(false);

  const submit = async ({ reason }: { reason: string }) => {
    setSending(true);
    try {
      const answer = await orderApi.cancel({ orderId: detail.id, reason: reason.trim() });
      void message.success(t('orders.cancel.done'));
      onCancelled(answer);
    } catch (error) {
      showFieldErrors(form, error, ['reason']);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('orders.cancel.title', { orderNo: detail.orderNo })}
      onCancel={onClose}
      destroyOnHidden
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
            data-testid="cancel-submit"
          >
            {t('orders.cancel.submit')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('orders.cancel.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="order-cancel"
        onFinish={(v) => void submit(v)}
        preserve={false}
      >
        <Form.Item
          name="reason"
          label={t('orders.cancel.reason')}
          rules={[{ required: true, whitespace: true, message: t('orders.cancel.reasonRequired') }]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
