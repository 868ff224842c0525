/** "Refilled": after a confirmation, marks channels filled now and refreshes the lists showing them. */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceKeys } from '../../resources/use-ref-options';
import { refillChannels } from './device-channel-api';

export function useRefill(): (ids: string[], onDone?: () => void) => void {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  return useCallback(
    (ids, onDone) => {
      modal.confirm({
        title: t('deviceChannels.refillTitle'),
        content: t('deviceChannels.refillText', { count: ids.length }),
        okText: t('deviceChannels.refill'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          try {
            const { updated } = await refillChannels({ ids });
            void message.success(t('deviceChannels.refilled', { count: updated }));
            onDone?.();
            // A refill also clears the machine's shortage when no other channel is short.
            await queryClient.invalidateQueries({ queryKey: resourceKeys.all('device-channel') });
            await queryClient.invalidateQueries({ queryKey: resourceKeys.all('device') });
          } catch {
            // toasted by the client
          }
        },
      });
    },
    [t, modal, message, queryClient],
  );
}
