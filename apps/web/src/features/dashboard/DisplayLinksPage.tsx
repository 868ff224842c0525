/**
 * Display links (menu Data center › Display links): the generic resource page, plus the one moment a
 * link's address is shown — right after it is made (the server keeps only the token's hash).
 */
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLinkResource } from '@brewfleet/contracts/resources/display-link';
import ResourcePage from '../../resources/ResourcePage';

export default function DisplayLinksPage() {
  const { t } = useTranslation();
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  return (
    <>
      <ResourcePage
        def={displayLinkResource}
        onCreated={(row) => {
          if (typeof row.url === 'string') setMade({ name: String(row.name ?? ''), url: row.url });
        }}
      />
      <Modal
        open={!!made}
        title={t('dashboard.link.createdTitle')}
        okText={t('dashboard.link.close')}
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setMade(null)}
        onCancel={() => setMade(null)}
        maskClosable={false}
      >
        <Typography.Paragraph>{t('dashboard.link.createdHint')}</Typography.Paragraph>
        <Typography.Paragraph strong>{made?.name}</Typography.Paragraph>
        <Typography.Paragraph copyable code data-testid="display-link-url">
          {made?.url}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
