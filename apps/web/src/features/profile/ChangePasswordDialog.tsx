/** The signed-in user changes their own password; the server revokes every session, so sign in again. */
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { changePassword } from '../../api/auth-api';
import { cleanupSession } from '../../app/session';
import NewPasswordFields from '../../components/NewPasswordFields';
import { validValues } from '../../utils/valid-values';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const navigate = useNavigate();

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      message.success(t('profile.changed'));
      onClose();
      cleanupSession();
      navigate('/login', { replace: true });
    } catch {
      // The client already showed the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('profile.changePassword')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="oldPassword"
          label={t('profile.oldPassword')}
          rules={[{ required: true, message: t('validation.passwordEmpty') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label={t('profile.newPassword')}
          confirmLabel={t('profile.confirmPassword')}
        />
      </Form>
    </Modal>
  );
}
