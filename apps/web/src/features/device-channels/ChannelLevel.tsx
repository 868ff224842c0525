/**
 * A channel's level as a bar of its capacity (red below the low level) with grams, and barrels for a
 * bulk liquid (channel-units.ts); or the grams alone.
 */
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/types';
import { isLow, levelPercent } from './channel-status';
import { grams, levelText } from './channel-units';

export default function ChannelLevel({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.levelG === null || row.levelG === undefined)
    return <Typography.Text type="secondary">{t('deviceChannels.notReported')}</Typography.Text>;
  const percent = levelPercent(row.levelG, row.capacityG);
  if (percent === null) return <>{`${grams(row.levelG)} ${t('units.g')}`}</>;
  const text = levelText(t, row);
  return (
    <Progress
      className="channel-level"
      percent={percent}
      size="small"
      status={isLow(row) ? 'exception' : 'normal'}
      format={() => text}
      aria-label={t('deviceChannels.levelOf', { name: String(row.name ?? '') })}
      aria-valuetext={`${percent}% (${text})`}
    />
  );
}
