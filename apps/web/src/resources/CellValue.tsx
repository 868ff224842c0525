/** How a field's value reads in a table cell. */
import { Image, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@brewfleet/contracts/resource';
import { mediaUrl } from '../api/upload-api';
import { formatDate, formatDateTime, formatDuration, formatMoney } from '../utils/format';
import ClipText from './ClipText';
import { enumLabelKey } from './field-meta';
import { useRefOptions } from './use-ref-options';

/** Solid tags with white text: the light antd presets fall below AA contrast. */
const ENUM_COLORS: Record<string, string> = {
  normal: '#237804',
  available: '#237804',
  success: '#237804',
  resigned: '#595959',
  vacation: '#874d00',
  disabled: '#a8071a',
  suspended: '#a8071a',
  failure: '#a8071a',
};

function RefLabel({ field, value, maxWidth }: { field: FieldDef; value: unknown; maxWidth?: number }) {
  const { data } = useRefOptions(field.ref);
  const ids = (Array.isArray(value) ? value : [value]).map(String);
  const labels = ids.map((id) => data?.find((o) => o.value === id)?.label ?? id);
  return <ClipText title={labels.join(', ')} maxWidth={maxWidth} />;
}

export { ENUM_COLORS };

export default function CellValue({
  resource,
  name,
  field,
  value,
  maxWidth,
}: {
  resource: string;
  name: string;
  field: FieldDef;
  value: unknown;
  /** Past this width a text is cut short, whole in its title (undefined: never cut). */
  maxWidth?: number;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  // A named cell the definition asks for (contracts CellKind) before the kind's own.
  if (field.cell === 'duration') return <>{formatDuration(value as number, t)}</>;
  switch (field.kind) {
    case 'enum':
      return <Tag color={ENUM_COLORS[String(value)]}>{t(enumLabelKey(resource, name, String(value)))}</Tag>;
    case 'enums': {
      // On one line (weekdays once stacked a row 180 px tall), all of them named on hover.
      const labels = (Array.isArray(value) ? value : [value]).map((v) => ({
        value: String(v),
        label: t(enumLabelKey(resource, name, String(v))),
      }));
      return (
        <ClipText title={labels.map((l) => l.label).join(', ')} maxWidth={maxWidth}>
          {labels.map((l) => (
            <Tag key={l.value}>{l.label}</Tag>
          ))}
        </ClipText>
      );
    }
    case 'bool':
      return <>{value ? t('common.yes') : t('common.no')}</>;
    case 'money':
      return <>{formatMoney(value as string, t)}</>;
    case 'date':
      return <>{formatDate(value)}</>;
    case 'datetime':
      return <>{formatDateTime(value)}</>;
    case 'ref':
    case 'refs':
      return <RefLabel field={field} value={value} maxWidth={maxWidth} />;
    case 'image':
      return (
        <Image
          src={mediaUrl(String(value))}
          alt={t('upload.preview')}
          width={32}
          height={32}
          style={{ objectFit: 'cover' }}
        />
      );
    case 'images': {
      // The cover, and how many more there are.
      const images = Array.isArray(value) ? (value as string[]) : [];
      if (!images.length) return null;
      return (
        <Space size={4}>
          <Image
            src={mediaUrl(images[0])}
            alt={t('upload.preview')}
            width={32}
            height={32}
            style={{ objectFit: 'cover' }}
          />
          {images.length > 1 && <Typography.Text type="secondary">+{images.length - 1}</Typography.Text>}
        </Space>
      );
    }
    case 'json':
      return (
        <ClipText title={JSON.stringify(value)} maxWidth={maxWidth}>
          <code>{JSON.stringify(value)}</code>
        </ClipText>
      );
    default:
      return <ClipText title={String(value)} maxWidth={maxWidth} />;
  }
}
