/** How a field's value reads in a table cell. */
import { Image, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '@brewfleet/contracts/resource';
import { mediaUrl } from '../api/upload-api';
import { formatDate, formatDateTime, formatMoney } from '../utils/format';
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

function RefLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const { data } = useRefOptions(field.ref);
  const ids = (Array.isArray(value) ? value : [value]).map(String);
  const labels = ids.map((id) => data?.find((o) => o.value === id)?.label ?? id);
  return <>{labels.join(', ')}</>;
}

export { ENUM_COLORS };

export default function CellValue({
  resource,
  name,
  field,
  value,
}: {
  resource: string;
  name: string;
  field: FieldDef;
  value: unknown;
}) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'enum':
      return <Tag color={ENUM_COLORS[String(value)]}>{t(enumLabelKey(resource, name, String(value)))}</Tag>;
    case 'enums':
      return (
        <>
          {(Array.isArray(value) ? value : [value]).map((v) => (
            <Tag key={String(v)}>{t(enumLabelKey(resource, name, String(v)))}</Tag>
          ))}
        </>
      );
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
      return <RefLabel field={field} value={value} />;
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
      return <code>{JSON.stringify(value)}</code>;
    default:
      return <>{String(value)}</>;
  }
}
