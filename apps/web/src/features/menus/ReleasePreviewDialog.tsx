/**
 * A release's frozen content, reviewed before it is pushed: shown right after a release is created
 * (its products, prices and recipes were fixed then, whatever the catalog does later) and from a
 * release's row. Each machine receives its family's part, at its own price where it has one.
 */
import { Button, Descriptions, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import type { Row } from '../../api/types';
import { useHasPermission } from '../../app/stores/permission-store';
import { formatDateTime } from '../../utils/format';
import { contentOf } from './menu-api';
import MenuContentView from './MenuContentView';
import { ReleaseStateTag } from './MenuTags';

interface Props {
  release: Row | null;
  /** Just created: the dialog asks to push it now or leave it as a draft. */
  fresh?: boolean;
  onClose: () => void;
  onPush: (release: Row) => void;
}

export default function ReleasePreviewDialog({ release, fresh = false, onClose, onPush }: Props) {
  const { t } = useTranslation();
  const can = useHasPermission();
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
          <Button onClick={onClose}>{fresh ? t('menuDistribution.preview.later') : t('common.close')}</Button>
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
