/**
 * The arguments of a preset command, typed as JSON: a monospaced text area that says as you type
 * whether the text parses (and where it does not), and re-indents it on request. The form keeps the
 * text; the save parses it (form-values.ts) and the form's JSON rule refuses text that does not parse.
 */
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkJson, formatJson } from './json-args';
import { Button } from '../../components/Button';
import './json-args.css';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

function Status({ text }: { text: string | undefined }) {
  const { t } = useTranslation();
  const checked = checkJson(text);
  if (checked.state === 'empty')
    return <Typography.Text type="secondary">{t('presetArgs.hint')}</Typography.Text>;
  if (checked.state === 'invalid')
    return (
      <Typography.Text type="danger">
        {checked.line !== null
          ? t('presetArgs.invalidAt', { line: checked.line, column: checked.column })
          : t('presetArgs.invalid')}
      </Typography.Text>
    );
  // Plain text with a coloured icon: antd's success and warning text colours fail AA contrast.
  return checked.isObject ? (
    <Typography.Text>
      <CheckCircleFilled className="json-args-ok" /> {t('presetArgs.valid')}
    </Typography.Text>
  ) : (
    <Typography.Text>
      <ExclamationCircleFilled className="json-args-warn" /> {t('presetArgs.notObject')}
    </Typography.Text>
  );
}

export default function JsonArgsInput({ id, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const statusId = id ? `${id}-status` : undefined;
  return (
    <div className="json-args">
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
        rows={6}
        spellCheck={false}
        className="json-args-text"
        aria-describedby={statusId}
      />
      <Space className="json-args-bar" wrap>
        <span id={statusId} aria-live="polite" data-testid="json-args-status">
          <Status text={value} />
        </span>
        <Button
          size="small"
          disabled={disabled || checkJson(value).state !== 'valid'}
          onClick={() => onChange?.(formatJson(value ?? ''))}
        >
          {t('presetArgs.format')}
        </Button>
      </Space>
    </div>
  );
}
