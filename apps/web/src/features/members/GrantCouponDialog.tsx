/**
 * Grant a coupon to members from the Coupon List (permission `coffee:coupon:grant`): pick the
 * members, grant, and read how many received it and until when it is valid. Like every call that
 * hands out value it carries an `Idempotency-Key` made for this opening of the dialog, so a double
 * click grants once; once granted the dialog offers only Close.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import type { Row } from '../../api/types';
import { Button } from '../../components/Button';
import { resourceKeys } from '../../resources/use-ref-options';
import { formatDateTime, formatMoney } from '../../utils/format';
import { idempotentSubmissions } from '../orders/idempotency';
import { memberApi } from './member-api';
import MemberPicker, { type PickedMember } from './MemberPicker';

interface Props {
  coupon: Row;
  onClose: () => void;
}

export default function GrantCouponDialog({ coupon, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ members: PickedMember[] }>();
  const [submissions] = useState(() => idempotentSubmissions());
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async ({ members }: { members: PickedMember[] }) => {
    const body = { couponId: String(coupon.id), memberIds: members.map((m) => m.value) };
    const key = submissions.keyFor(body);
    setSending(true);
    setRefusal(null);
    try {
      const result = await memberApi.grant(body, key);
      submissions.settled(false);
      setDone(t('members.grant.done', { count: result.granted, validTo: formatDateTime(result.validTo) }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('member-coupon') });
    } catch (error) {
      submissions.settled(error instanceof ApiError && error.isTransport);
      setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('members.grant.title', { name: String(coupon.name ?? '') })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button onClick={onClose} guardMs={0} data-testid="grant-close">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose} guardMs={0}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={sending} onClick={() => form.submit()} data-testid="grant-submit">
              {t('members.grant.submit')}
            </Button>
          </Space>
        )
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t('members.grant.summary', {
            amount: formatMoney(String(coupon.discountAmount ?? ''), t),
            days: Number(coupon.validityDays ?? 0),
          })}
        </Typography.Text>
        {done ? (
          <Alert type="success" showIcon title={done} data-testid="grant-done" />
        ) : (
          <Form
            form={form}
            layout="vertical"
            name="coupon-grant"
            onFinish={(values) => void submit(values)}
            onValuesChange={() => setRefusal(null)}
          >
            <Form.Item
              name="members"
              label={t('members.grant.members')}
              extra={t('members.grant.membersHint')}
              rules={[{ required: true, type: 'array', min: 1, message: t('members.grant.membersRequired') }]}
            >
              <MemberPicker />
            </Form.Item>
            {refusal && (
              <Alert
                type="error"
                showIcon
                title={t('members.adjust.refused')}
                description={refusal}
                data-testid="grant-error"
              />
            )}
          </Form>
        )}
      </Space>
    </Modal>
  );
}
