/**
 * A new password and its confirmation, with the policy's length rule and the match check: one piece
 * for every dialog that sets a password (reset by an administrator, change by the user).
 */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../utils/form-rules';

export default function NewPasswordFields({
  name,
  label,
  confirmLabel,
}: {
  /** Form field of the new password; the confirmation is `confirmPassword`. */
  name: string;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={[{ required: true, message: t('validation.passwordEmpty') }, rules.passwordLength(t)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={confirmLabel}
        dependencies={[name]}
        rules={rules.confirmPassword(t, name)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
