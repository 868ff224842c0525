/**
 * "Sync menu" of a bound store: uploads its whole menu to Uber Eats at once and says how it went —
 * the items Uber took, or the server's refusal in the user's language (an unbound store, a product
 * that cannot go on the menu, Uber's own error). Uploading twice replaces the menu with itself, so
 * a second press after a lost answer does no harm.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliverySyncAnswer } from '@brewfleet/contracts/delivery-api';
import type { Row } from '../../api/types';
import { Button } from '../../components/Button';
import { resourceKeys } from '../../resources/use-ref-options';
import { formatDateTime } from '../../utils/format';
import { deliveryApi } from './delivery-api';
import { SyncStateTag } from './DeliveryTags';

type Outcome =
  { kind: 'running' } | { kind: 'done'; answer: DeliverySyncAnswer } | { kind: 'failed'; message: string };

interface Props {
  store: Row;
  onClose: () => void;
}

export default function SyncMenuDialog({ store, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'running' });
  const started = useRef(false);

  useEffect(() => {
    // Once per opening (React's strict mode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    deliveryApi
      .sync(String(store.id))
      .then((answer) => setOutcome({ kind: 'done', answer }))
      .catch((error: unknown) =>
        setOutcome({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
      )
      // Done or failed, the store's sync state and last error changed: the list shows them.
      .finally(() => void queryClient.invalidateQueries({ queryKey: resourceKeys.all('delivery-store') }));
  }, [store.id, queryClient]);

  const name = String(store.uberStoreId ?? store.id);
  return (
    <Modal
      open
      title={t('delivery.sync.title', { store: name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} guardMs={0} data-testid="sync-close" disabled={outcome.kind === 'running'}>
          {t('delivery.sync.close')}
        </Button>
      }
    >
      {outcome.kind === 'running' && (
        <Space data-testid="sync-running">
          <Spin size="small" />
          <Typography.Text>{t('delivery.sync.running')}</Typography.Text>
        </Space>
      )}
      {outcome.kind === 'done' && (
        <Space orientation="vertical" data-testid="sync-done">
          <Alert type="success" showIcon title={t('delivery.sync.done', { count: outcome.answer.items })} />
          <Space>
            <SyncStateTag value={outcome.answer.syncState} />
            {outcome.answer.lastSyncAt && (
              <Typography.Text type="secondary">
                {t('delivery.storeProducts.lastSync')}: {formatDateTime(outcome.answer.lastSyncAt)}
              </Typography.Text>
            )}
          </Space>
        </Space>
      )}
      {outcome.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="sync-error"
          title={t('delivery.sync.failed')}
          description={outcome.message}
        />
      )}
    </Modal>
  );
}
