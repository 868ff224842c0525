/**
 * Push, push again and roll back, each after a confirmation that says what will happen. After each,
 * what it changed is read again (the releases, the progress, the machines' assigned versions) and
 * the caller is told which release to follow.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/types';
import { resourceKeys } from '../../resources/use-ref-options';
import { menuApi, type PushResult } from './menu-api';
import { progressKey } from './progress-merge';

/** `releaseId`: the release whose progress to show (after a rollback, the new one). */
export type AfterPush = (releaseId: string, result: PushResult) => void;

export function useReleaseActions(afterPush: AfterPush) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();

  const refresh = useCallback(
    (releaseId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all('menu-release') }),
        queryClient.invalidateQueries({ queryKey: progressKey(releaseId) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all('device') }),
      ]),
    [queryClient],
  );

  const run = useCallback(
    async (releaseId: string, call: () => Promise<PushResult & { id?: string }>) => {
      try {
        const result = await call();
        const followed = result.id ?? releaseId;
        void message.success(
          t('menuDistribution.push.done', { count: result.queued, version: result.version }),
        );
        await refresh(followed);
        afterPush(followed, result);
      } catch {
        // toasted by the client; the confirmation closes
      }
    },
    [afterPush, message, refresh, t],
  );

  return useMemo(
    () => ({
      push: (release: Row) =>
        modal.confirm({
          title: t('menuDistribution.push.confirmTitle', { version: String(release.version) }),
          content: t('menuDistribution.push.confirmText', { count: Number(release.targets ?? 0) }),
          okText: t('menuDistribution.push.action'),
          cancelText: t('common.cancel'),
          onOk: () => run(release.id, () => menuApi.push(release.id)),
        }),
      /** To the machines that failed or expired only. */
      pushAgain: (releaseId: string, version: string, deviceIds: string[]) =>
        modal.confirm({
          title: t('menuDistribution.pushAgain.confirmTitle', { version, count: deviceIds.length }),
          content: t('menuDistribution.pushAgain.confirmText'),
          okText: t('menuDistribution.pushAgain.action', { count: deviceIds.length }),
          cancelText: t('common.cancel'),
          onOk: () => run(releaseId, () => menuApi.push(releaseId, deviceIds)),
        }),
      rollback: (release: Row) =>
        modal.confirm({
          title: t('menuDistribution.rollback.confirmTitle', { version: String(release.version) }),
          content: t('menuDistribution.rollback.confirmText', { version: String(release.version) }),
          okText: t('menuDistribution.rollback.action'),
          okButtonProps: { danger: true },
          cancelText: t('common.cancel'),
          onOk: () => run(release.id, () => menuApi.rollback(release.id)),
        }),
    }),
    [modal, run, t],
  );
}
