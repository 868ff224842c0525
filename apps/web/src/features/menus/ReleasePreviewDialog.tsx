/**
 * A release's frozen content, reviewed before it is pushed: shown right after a release is created
 * (its products, prices and recipes were fixed then, whatever the catalog does later) and from a
 * release's row. Each machine receives its family's part, at its own price where it has one.
 */
import { Descriptions, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import type { Row } from '../../api/types';
import { useHasPermission } from '../../app/stores/permission-store';
import { formatDateTime } from '../../utils/format';
import { contentOf } from './menu-api';
import MenuContentView from './MenuContentView';
import { ReleaseStateTag } from './MenuTags';
import MissingProductsNotice from './MissingProductsNotice';
import { resourceApi } from '../../api/resource-api';
import { Button } from '../../components/Button';

interface Props {
  release: Row | null;
  /** Just created: the dialog asks to push it now or leave it as a draft. */
  fresh?: boolean;
  onClose: () => void;
  onPush: (release: Row) => void;
}

export default function ReleasePreviewDialog({ release: given, fresh = false, onClose, onPush }: Props) {
  const { t } = useTranslation();
  const can = useHasPermission();
  // The release as shown: the one given, or as the server has it after products were added to it.
  const [refreshed, setRefreshed] = useState<Row | null>(null);
  const release = refreshed && refreshed.id === given?.id ? refreshed : given;
  const refresh = async () => {
    if (given) setRefreshed(await resourceApi.get('menu-release', given.id));
  };
  const content = contentOf(release);
  const canPush = can(P.menuRelease.push);
  return (
    <Modal
      open={!!release}
      onCancel={onClose}
      width={1100}
      destroyOnHidden
      title={t('menuDistribution.preview.title', {
        name: String(release?.name ?? ''),
        version: String(release?.version ?? ''),
      })}
      footer={
        <Space>
          <Button onClick={onClose} guardMs={0}>
            {fresh ? t('menuDistribution.preview.later') : t('common.close')}
          </Button>
          {canPush && release && (
            <Button type="primary" onClick={() => onPush(release)} data-testid="preview-push">
              {t('menuDistribution.push.action')}
            </Button>
          )}
        </Space>
      }
    >
      {release && (
        <>
          {fresh && <Typography.Paragraph>{t('menuDistribution.preview.fresh')}</Typography.Paragraph>}
          <MissingProductsNotice release={release} onAdded={() => void refresh()} />
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={[
              {
                key: 'state',
                label: t('resources.menu-release.fields.state'),
                children: <ReleaseStateTag state={release.state} />,
              },
              {
                key: 'targets',
                label: t('resources.menu-release.fields.targets'),
                children: String(release.targets ?? 0),
              },
              {
                key: 'products',
                label: t('menuDistribution.preview.products'),
                children: String(content.products.length),
              },
              {
                key: 'createdAt',
                label: t('resources.menu-release.fields.createdAt'),
                children: formatDateTime(release.createdAt),
              },
            ]}
          />
          <Typography.Paragraph type="secondary">
            {t('menuDistribution.preview.perFamily')}
          </Typography.Paragraph>
          <MenuContentView products={content.products} />
        </>
      )}
    </Modal>
  );
}
