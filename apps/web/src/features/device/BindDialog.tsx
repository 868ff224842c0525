/**
 * Bind machines to a merchant and one of its stores, or unbind them (no merchant). The store picker
 * offers only the chosen merchant's stores, as every merchant-owned picker does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceResource } from '@brewfleet/contracts/resources/device';
import { deviceApi } from '../../api/device-api';
import { fieldLabel } from '../../resources/field-meta';
import FieldInput from '../../resources/FieldInput';
import { resourceKeys } from '../../resources/use-ref-options';
import { validValues } from '../../utils/valid-values';

export interface BindTarget {
  ids: string[];
  merchantId?: string | null;
  storeId?: string | null;
}

interface Values {
  merchantId?: string;
  storeId?: string;
}

export default function BindDialog({ target, onClose }: { target: BindTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    form.setFieldsValue({
      merchantId: target.merchantId ?? undefined,
      storeId: target.storeId ?? undefined,
    });
  }, [target, form]);

  const save = async () => {
    if (!target) return;
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const merchantId = values.merchantId || null;
      await deviceApi.bind({
        ids: target.ids,
        merchantId,
        storeId: merchantId ? values.storeId || null : null,
      });
      void message.success(
        t(merchantId ? 'devices.bind.bound' : 'devices.bind.unbound', { count: target.ids.length }),
      );
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all('device') });
      onClose();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  const field = (key: 'merchantId' | 'storeId') => (
    <Form.Item name={key} label={fieldLabel(t, 'device', key)}>
      <FieldInput resource="device" name={key} field={deviceResource.fields[key]} purpose="form" />
    </Form.Item>
  );

  return (
    <Modal
      open={!!target}
      title={t('devices.bind.title', { count: target?.ids.length ?? 0 })}
      okText={t('devices.bind.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('devices.bind.hint')}</Typography.Paragraph>
      <Form
        form={form}
        name="device-bind"
        layout="vertical"
        // A store belongs to one merchant: another merchant empties it.
        onValuesChange={(changed: Values) => {
          if ('merchantId' in changed) form.setFieldValue('storeId', undefined);
        }}
      >
        {field('merchantId')}
        {field('storeId')}
      </Form>
    </Modal>
  );
}
