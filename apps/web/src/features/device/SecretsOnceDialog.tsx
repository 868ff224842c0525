/**
 * New secrets for many machines, shown the one time the server answers them (after "New secrets" on
 * the selected machines): as a CSV file of serial numbers and secrets to download, since a list of
 * a hundred secrets is no thing to copy by hand. Only hashes are kept, so closing this dialog without
 * the file loses them (new ones can be issued again). The sibling of SecretOnceDialog, for a batch.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/resource-api';
import type { OnceSecret } from './SecretOnceDialog';
import { secretsCsv, secretsFileName } from './secrets-csv';
import { Button } from '../../components/Button';

export default function SecretsOnceDialog({
  value,
  onClose,
}: {
  value: OnceSecret[] | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const download = () => {
    if (!value) return;
    saveFile({
      blob: new Blob([secretsCsv(value)], { type: 'text/csv;charset=utf-8' }),
      filename: secretsFileName(new Date()),
    });
  };
  return (
    <Modal
      open={!!value}
      title={t('devices.bulkSecrets.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="done" onClick={onClose} guardMs={0}>
          {t('devices.bulkSecrets.done')}
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          onClick={download}
          data-testid="download-secrets"
        >
          {t('devices.bulkSecrets.download')}
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title={t('devices.bulkSecrets.warning')}
        className="device-secret-warning"
      />
      <Typography.Paragraph>
        {t('devices.bulkSecrets.issued', { count: value?.length ?? 0 })}
      </Typography.Paragraph>
    </Modal>
  );
}
