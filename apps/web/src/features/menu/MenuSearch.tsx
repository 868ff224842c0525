/** The search box of the menu trees (menu settings, a role's authorization): see menu-filter.ts. */
import { Input } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export default function MenuSearch({
  value,
  onChange,
  style,
}: {
  value: string;
  onChange: (text: string) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      value={value}
      aria-label={t('menuSettings.find')}
      placeholder={t('menuSettings.find')}
      onChange={(e) => onChange(e.target.value)}
      style={style}
    />
  );
}
