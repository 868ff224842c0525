/**
 * The secret fields of one record (API keys, ID numbers), as the server answers them: masked
 * (`••••1234`). A user holding the resource's reveal code can show one in clear; each reveal is a
 * call of its own, written to the operation log by the server.
 */
import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import { resourceApi } from '../api/resource-api';
import type { Row } from '../api/types';
import { useHasPermission } from '../app/stores/permission-store';
import { fieldLabel } from './field-meta';
import { resourceKeys } from './use-ref-options';
import { Button } from '../components/Button';

interface Props {
  def: ResourceDef;
  row: Row | null;
  onClose: () => void;
}

function SecretValue({
  def,
  id,
  field,
  masked,
}: {
  def: ResourceDef;
  id: string;
  field: string;
  masked: unknown;
}) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const [clear, setClear] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  if (masked === null || masked === undefined || masked === '')
    return <Typography.Text type="secondary">{t('common.none')}</Typography.Text>;
  if (clear !== null)
    return (
      <Typography.Text copyable code data-testid={`secret-${field}`}>
        {clear}
      </Typography.Text>
    );
  const reveal = async () => {
    setLoading(true);
    try {
      setClear((await resourceApi.reveal(def.name, id, field)).value ?? '');
    } catch {
      // toasted by the client
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Typography.Text data-testid={`secret-${field}`}>{String(masked)}</Typography.Text>
      {def.permissions.reveal && can(def.permissions.reveal) && (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          loading={loading}
          onClick={() => void reveal()}
          aria-label={t('secrets.revealField', { field: fieldLabel(t, def.name, field) })}
        >
          {t('secrets.reveal')}
        </Button>
      )}
    </>
  );
}

export default function SecretsDialog({ def, row, onClose }: Props) {
  const { t } = useTranslation();
  const id = row?.id ?? '';
  const item = useQuery({
    queryKey: [...resourceKeys.item(def.name, id), 'secrets'],
    queryFn: () => resourceApi.get(def.name, id),
    enabled: !!row,
    gcTime: 0,
  });
  const keys = Object.entries(def.fields)
    .filter(([, fd]) => fd.kind === 'secret')
    .map(([key]) => key);
  return (
    <Modal
      open={!!row}
      onCancel={onClose}
      title={t('secrets.title', { name: String(row?.name ?? '') })}
      footer={
        <Button onClick={onClose} guardMs={0}>
          {t('common.close')}
        </Button>
      }
      destroyOnHidden
      width={560}
    >
      <Typography.Paragraph type="secondary">{t('secrets.hint')}</Typography.Paragraph>
      <Spin spinning={item.isFetching}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={keys.map((key) => ({
            key,
            label: fieldLabel(t, def.name, key),
            children: item.data ? (
              <SecretValue def={def} id={id} field={key} masked={item.data[key]} />
            ) : null,
          }))}
        />
      </Spin>
    </Modal>
  );
}
