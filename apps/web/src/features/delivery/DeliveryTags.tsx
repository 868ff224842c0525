/** The binding and menu-sync cells of a bound store: colored tags in the user's language. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabelKey } from '../../resources/field-meta';
import { bindingColor, syncColor } from './sync-state';

const RESOURCE = 'delivery-store';

export function SyncStateTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value == null || value === '') return null;
  return (
    <Tag color={syncColor(value)} data-testid="sync-state">
      {t(enumLabelKey(RESOURCE, 'syncState', String(value)))}
    </Tag>
  );
}

export function BindingTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value == null || value === '') return null;
  return (
    <Tag color={bindingColor(value)} data-testid="binding">
      {t(enumLabelKey(RESOURCE, 'binding', String(value)))}
    </Tag>
  );
}
