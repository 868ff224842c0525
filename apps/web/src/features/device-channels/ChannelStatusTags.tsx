/** Tags for what needs doing on a channel: low level, expired or soon expiring contents. */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/types';
import { expiryState, isLow } from './channel-status';

/** Solid tags with white text, as CellValue's: the light antd presets fall below AA contrast. */
const COLORS = { bad: '#a8071a', warn: '#874d00', good: '#237804' } as const;

export default function ChannelStatusTags({ row }: { row: Row }) {
  const { t } = useTranslation();
  const low = isLow(row);
  const expiry = expiryState(row);
  const tags = [
    low && (
      <Tag key="low" color={COLORS.bad}>
        {t('deviceChannels.low')}
      </Tag>
    ),
    expiry === 'expired' && (
      <Tag key="expired" color={COLORS.bad}>
        {t('deviceChannels.expired')}
      </Tag>
    ),
    expiry === 'expiring' && (
      <Tag key="expiring" color={COLORS.warn}>
        {t('deviceChannels.expiring')}
      </Tag>
    ),
  ].filter(Boolean);
  // "OK" only when something is known: a channel never reported nor filled shows nothing.
  const known = (row.levelG !== null && row.levelG !== undefined) || expiry !== 'unknown';
  if (!tags.length) return known ? <Tag color={COLORS.good}>{t('deviceChannels.ok')}</Tag> : null;
  return (
    <Space size={4} wrap>
      {tags}
    </Space>
  );
}
