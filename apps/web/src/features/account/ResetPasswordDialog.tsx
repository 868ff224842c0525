/** An administrator sets a new password for an account; the server signs that account out everywhere. */
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetAccountPassword } from '../../api/access-api';
import type { Row } from '../../api/types';
import NewPasswordFields from '../../components/NewPasswordFields';
import { validValues } from '../../utils/valid-values';

interface Values {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordDialog({
  account,
  onClose,
}: {
  account: Row | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();

  const submit = async () => {
    if (!account) return;
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      await resetAccountPassword(account.id, values.password);
      void message.success(t('account.resetDone'));
      onClose();
    } catch {
      // toasted by the client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!account}
      title={t('account.resetTitle', { name: String(account?.name ?? account?.account ?? '') })}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('account.resetHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <NewPasswordFields
          name="password"
          label={t('account.newPassword')}
          confirmLabel={t('account.confirmPassword')}
        />
      </Form>
    </Modal>
  );
}
