/**
 * A machine secret, shown the one time the server answers it (on creation and on rotation): only
 * its hash is kept, so closing this dialog loses it. The machine signs in to MQTT with its serial
 * number and this secret (docs/device-protocol.md §2).
 */
import { Alert, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

export interface OnceSecret {
  serialNumber: string;
  secret: string;
}

export default function SecretOnceDialog({
  value,
  onClose,
}: {
  value: OnceSecret | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!value}
      title={t('devices.secret.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} guardMs={0}>
          {t('devices.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('devices.secret.warning')} className="device-secret-warning" />
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          {
            key: 'serialNumber',
            label: t('resources.device.fields.serialNumber'),
            children: <Typography.Text code>{value?.serialNumber}</Typography.Text>,
          },
          {
            key: 'secret',
            label: t('devices.secret.label'),
            children: (
              <Typography.Text
                code
                copyable={{ tooltips: [t('devices.secret.copy'), t('devices.secret.copied')] }}
                data-testid="device-secret"
              >
                {value?.secret}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
