/**
 * The form control of a `localized` field: one input per language (English, 简体中文, 繁體中文),
 * each optional; a language left empty shows the default name. The value is `{ en, zh, tw }`.
 */
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@brewfleet/contracts/enums';
import type { LocalizedNames } from '@brewfleet/contracts/localized-names';

interface Props {
  id?: string;
  value?: LocalizedNames | null;
  onChange?: (value: LocalizedNames) => void;
  disabled?: boolean;
  max?: number;
}

export default function LocalizedNamesInput({ id, value, onChange, disabled, max = 128 }: Props) {
  const { t } = useTranslation();
  const set = (lang: Language, text: string) => onChange?.({ ...(value ?? {}), [lang]: text });
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }} id={id}>
      {LANGUAGES.map((lang) => (
        <Input
          key={lang}
          addonBefore={t(`localizedNames.${lang}`)}
          aria-label={t(`localizedNames.${lang}`)}
          value={value?.[lang] ?? ''}
          onChange={(e) => set(lang, e.target.value)}
          maxLength={max}
          disabled={disabled}
          data-testid={`names-${lang}`}
        />
      ))}
    </Space>
  );
}
