/**
 * The running-number input of the code rule form, with the code the rule gives next shown live
 * under it as prefix, digits and suffix are typed (read from the same form).
 */
import { Form, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { previewCode } from './code-preview';

interface Props {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

export default function CodePreviewInput({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const prefix = Form.useWatch('prefix') as unknown;
  const suffix = Form.useWatch('suffix') as unknown;
  const digits = Form.useWatch('digits') as unknown;
  const code = previewCode({ prefix, suffix, digits, nextNumber: value });
  return (
    <>
      <InputNumber
        id={id}
        value={value}
        onChange={onChange}
        disabled={disabled}
        min={1}
        max={2_000_000_000}
        precision={0}
        style={{ width: '100%' }}
      />
      <Typography.Paragraph className="code-rule-preview" data-testid="code-rule-preview">
        {t('catalogPages.codePreview')} <Typography.Text code>{code}</Typography.Text>
      </Typography.Paragraph>
    </>
  );
}
