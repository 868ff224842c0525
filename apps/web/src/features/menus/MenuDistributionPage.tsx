/**
 * Menu distribution (`menu/distribution`): the menu releases with their state and how many machines
 * took each. "Create" builds a release for a store and/or machines, optionally from chosen products;
 * the server freezes its content, which is shown for review before it is pushed. Each release opens
 * its live progress, machine by machine, from where it is pushed again to the machines that failed;
 * an earlier release can be rolled back to (a new version with its content, pushed at once).
 * Opened as `/menu-distribution?releaseId=…` (from the store and equipment menus) it shows that
 * release's progress.
 */
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { menuReleaseResource } from '@brewfleet/contracts/resources/menu-release';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import type { FormShape } from '../../resources/form-def';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import type { FieldRenderers } from '../../resources/ResourceFormDrawer';
import type { SkippedMachine } from './menu-api';
import { ReleaseStateTag } from './MenuTags';
import ProgressDrawer from './ProgressDrawer';
import ReleasePreviewDialog from './ReleasePreviewDialog';
import { MachinePicker, ProductPicker } from './ReleaseTargetPickers';
import { useReleaseActions } from './use-release-actions';
import './menus.css';

const PATH = '/menu-distribution';
const ARRIVAL = ['releaseId'] as const;
const FORM: FormShape = { fields: ['name', 'merchantId', 'storeId', 'deviceIds', 'productIds'] };
const RENDERERS: FieldRenderers = {
  deviceIds: () => <MachinePicker />,
  productIds: () => <ProductPicker />,
};
/** Shown together in one column. */
const COUNT_COLUMNS = new Set(['targets', 'succeeded', 'failed']);

function ReleaseCounts({ row }: { row: Row }) {
  const { t } = useTranslation();
  const failed = Number(row.failed ?? 0);
  return (
    <Space size={4} wrap data-testid="release-counts">
      <Typography.Text>
        {t('menuDistribution.counts', {
          succeeded: Number(row.succeeded ?? 0),
          targets: Number(row.targets ?? 0),
        })}
      </Typography.Text>
      {failed > 0 && <Tag color="#a8071a">{t('menuDistribution.failedCount', { count: failed })}</Tag>}
    </Space>
  );
}

export default function MenuDistributionPage() {
  const { t } = useTranslation();
  const [progressOf, setProgressOf] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<{ releaseId: string; machines: SkippedMachine[] } | null>(null);
  const [preview, setPreview] = useState<{ release: Row; fresh: boolean } | null>(null);

  // A link from another screen opens that release's progress (set during render, as arrivals change).
  const arrival = useArrivalParams(PATH, ARRIVAL);
  const [arrivedFor, setArrivedFor] = useState('');
  if (arrival.key && arrival.key !== arrivedFor) {
    setArrivedFor(arrival.key);
    setProgressOf(arrival.values.releaseId ?? null);
  }

  const afterPush = useCallback((releaseId: string, result: { skipped: SkippedMachine[] }) => {
    setPreview(null);
    setSkipped({ releaseId, machines: result.skipped });
    setProgressOf(releaseId);
  }, []);
  const actions = useReleaseActions(afterPush);

  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> => {
      const kept = columns
        .filter((c) => !COUNT_COLUMNS.has(String(c.key)))
        .map((c) => {
          if (c.key === 'state')
            return { ...c, render: (state: unknown) => <ReleaseStateTag state={state} /> };
          // Versions differ only at their end (…-22.1, …-22.2): never cut short.
          if (c.key === 'version')
            return { ...c, ellipsis: false, onCell: () => ({ className: 'menu-nowrap' }) };
          return c;
        });
      const at = kept.findIndex((c) => c.key === 'state') + 1;
      const counts = {
        key: 'machines',
        title: t('menuDistribution.machines'),
        render: (_: unknown, row: Row) => <ReleaseCounts row={row} />,
      };
      return [...kept.slice(0, at), counts, ...kept.slice(at)];
    },
    [t],
  );

  // In the actions column (kept in view at the table's right edge), beside Delete; rolling back,
  // rarer and confirmed, under "More".
  const rowActions = useMemo(
    (): RowAction[] => [
      {
        key: 'content',
        label: t('menuDistribution.content'),
        onClick: (row) => setPreview({ release: row, fresh: false }),
      },
      {
        key: 'progress',
        label: t('menuDistribution.progress'),
        shown: (row) => !!row.pushedAt,
        onClick: (row) => setProgressOf(row.id),
      },
      {
        key: 'push',
        label: t('menuDistribution.push.action'),
        permission: P.menuRelease.push,
        onClick: (row) => actions.push(row),
      },
      {
        key: 'rollback',
        label: t('menuDistribution.rollback.action'),
        permission: P.menuRelease.rollback,
        more: true,
        shown: (row) => !!row.pushedAt,
        onClick: (row) => actions.rollback(row),
      },
    ],
    [actions, t],
  );

  return (
    <>
      <ResourcePage
        def={menuReleaseResource}
        title={t('menuDistribution.title')}
        form={FORM}
        renderers={RENDERERS}
        adjustColumns={adjustColumns}
        rowActions={rowActions}
        onCreated={(release) => setPreview({ release, fresh: true })}
      />
      <ReleasePreviewDialog
        release={preview?.release ?? null}
        fresh={preview?.fresh}
        onClose={() => setPreview(null)}
        onPush={actions.push}
      />
      <ProgressDrawer
        releaseId={progressOf}
        skipped={skipped && skipped.releaseId === progressOf ? skipped.machines : undefined}
        onClose={() => setProgressOf(null)}
        onPushAgain={actions.pushAgain}
      />
    </>
  );
}
