/**
 * Suspend or resume a merchant (its `status`). Suspending signs out the users of the merchant and of
 * those below it, so it asks first.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceApi } from '../../api/resource-api';
import type { Row } from '../../api/types';
import { resourceKeys } from '../../resources/use-ref-options';

export const isSuspended = (row: Row) => row.status === 'suspended';

export function useSuspendMerchant(onDone?: () => void) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();

  const apply = async (row: Row, status: 'normal' | 'suspended') => {
    try {
      await resourceApi.update('merchant', { id: row.id, status });
      void message.success(t(status === 'suspended' ? 'merchants.suspendedDone' : 'merchants.resumedDone'));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('merchant') });
      onDone?.();
    } catch {
      // toasted by the client
    }
  };

  return (row: Row) => {
    if (isSuspended(row)) {
      void apply(row, 'normal');
      return;
    }
    modal.confirm({
      title: t('merchants.suspendTitle', { name: String(row.name ?? '') }),
      content: t('merchants.suspendHint'),
      okText: t('merchants.suspend'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => apply(row, 'suspended'),
    });
  };
}
