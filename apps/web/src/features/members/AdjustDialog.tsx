/**
 * Adjust a member's wallet (permission `coffee:member:wallet`: a top-up of money received, or an
 * adjustment either way) or points (`coffee:member:points`), with a reason. The dialog is mounted
 * anew for each opening, and so are its idempotency keys: a double click, or the same submission
 * sent again after its answer was lost, is one change (orders/idempotency.ts). Once done it shows
 * the new balance the server computed and offers only Close, so one opening makes one change.
 * A refusal (a negative top-up, more than the wallet holds) is the server's message, in the user's
 * language, shown in the dialog.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import type { Row } from '../../api/types';
import { Button } from '../../components/Button';
import { showFieldErrors } from '../../resources/server-errors';
import { resourceKeys } from '../../resources/use-ref-options';
import { formatMoney, moneyAffix } from '../../utils/format';
import { idempotentSubmissions } from '../orders/idempotency';
import {
  amountProblem,
  pointsBody,
  pointsProblem,
  walletBody,
  type AdjustProblem,
  type PointsDraft,
  type WalletDraft,
} from './adjust-rules';
import { memberApi } from './member-api';

export interface AdjustTarget {
  what: 'wallet' | 'points';
  member: Row;
}

interface Props {
  target: AdjustTarget;
  onClose: () => void;
}

const REASON_MAX = 200;
const PROBLEM_KEYS: Record<AdjustProblem, string> = {
  invalidAmount: 'members.wallet.invalidAmount',
  invalidPoints: 'members.points.invalidPoints',
  notZero: 'members.adjust.notZero',
};

type Draft = WalletDraft & PointsDraft;

export default function AdjustDialog({ target, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Draft>();
  const [submissions] = useState(() => idempotentSubmissions());
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The balance or points the server answered after the change; the row's until then.
  const [after, setAfter] = useState<Row | null>(null);
  const { what, member } = target;
  const memberId = String(member.id);
  const wallet = what === 'wallet';

  /** Sends the change; answers the new balance or points, and what the dialog then says. */
  const send = async (draft: Draft): Promise<{ text: string; now: Row }> => {
    if (wallet) {
      const body = walletBody(memberId, draft);
      const result = await memberApi.wallet(body, submissions.keyFor(body));
      return {
        text: t('members.wallet.done', { amount: formatMoney(result.walletBalance, t) }),
        now: { ...member, walletBalance: result.walletBalance },
      };
    }
    const body = pointsBody(memberId, draft);
    const result = await memberApi.points(body, submissions.keyFor(body));
    return {
      text: t('members.points.done', { points: result.points }),
      now: { ...member, points: result.points },
    };
  };

  const submit = async (draft: Draft) => {
    setSending(true);
    setRefusal(null);
    try {
      const { text, now } = await send(draft);
      submissions.settled(false);
      setAfter(now);
      setDone(text);
      for (const name of ['member', wallet ? 'wallet-entry' : 'points-entry'])
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all(name) });
    } catch (error) {
      // A lost answer may hide a change made: the same submission sent again keeps its key.
      submissions.settled(error instanceof ApiError && error.isTransport);
      if (!showFieldErrors(form, error, ['kind', 'amount', 'points', 'reason']))
        setRefusal(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const rule = (check: (value: unknown) => AdjustProblem | null) => ({
    validator: async (_: unknown, value: unknown) => {
      const problem = check(value);
      if (problem) throw new Error(t(PROBLEM_KEYS[problem]));
    },
  });
  const name = String(member.username ?? member.memberNo ?? memberId);
  const shown = after ?? member;
  const now = wallet
    ? t('members.wallet.balance', { amount: formatMoney(String(shown.walletBalance ?? '0'), t) })
    : t('members.points.balance', { points: Number(shown.points ?? 0) });

  return (
    <Modal
      open
      title={t(`members.${what}.title`, { name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        done ? (
          <Button onClick={onClose} guardMs={0} data-testid="adjust-close">
            {t('common.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose} guardMs={0} data-testid="adjust-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              loading={sending}
              onClick={() => form.submit()}
              data-testid="adjust-submit"
            >
              {t(`members.${what}.submit`)}
            </Button>
          </Space>
        )
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text data-testid="adjust-current">{now}</Typography.Text>
        {done ? (
          <Alert type="success" showIcon title={done} data-testid="adjust-done" />
        ) : (
          <Form<Draft>
            form={form}
            layout="vertical"
            name={`member-${what}`}
            initialValues={{ kind: 'top-up' }}
            onFinish={(values) => void submit(values)}
            onValuesChange={() => setRefusal(null)}
          >
            {wallet && (
              <Form.Item name="kind" label={t('members.wallet.kind')}>
                <Radio.Group
                  options={(['top-up', 'adjustment'] as const).map((kind) => ({
                    value: kind,
                    label: t(`members.wallet.kinds.${kind}`),
                  }))}
                />
              </Form.Item>
            )}
            {wallet ? (
              <Form.Item
                name="amount"
                label={t('members.wallet.amount')}
                extra={t('members.wallet.amountHint')}
                rules={[rule(amountProblem)]}
              >
                <Input {...moneyAffix(t)} autoComplete="off" data-testid="adjust-amount" />
              </Form.Item>
            ) : (
              <Form.Item
                name="points"
                label={t('members.points.amount')}
                extra={t('members.points.amountHint')}
                rules={[rule(pointsProblem)]}
              >
                <Input autoComplete="off" data-testid="adjust-amount" />
              </Form.Item>
            )}
            <Form.Item
              name="reason"
              label={t('members.adjust.reason')}
              rules={[{ required: true, whitespace: true, message: t('members.adjust.reasonRequired') }]}
            >
              <Input.TextArea rows={2} maxLength={REASON_MAX} showCount />
            </Form.Item>
            {refusal && (
              <Alert
                type="error"
                showIcon
                title={t('members.adjust.refused')}
                description={refusal}
                data-testid="adjust-error"
              />
            )}
          </Form>
        )}
      </Space>
    </Modal>
  );
}
