/**
 * The columns of a machine-channel list: the generated ones, reordered so that what refilling needs
 * comes first, with the level bar and status tags in place of the raw level, capacity and shortage.
 */
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { Row } from '../../api/types';
import ChannelLevel from './ChannelLevel';
import ChannelStatusTags from './ChannelStatusTags';

type Column = ColumnsType<Row>[number];

/**
 * Generated column keys in display order; `level` and `status` are this screen's own. Settings a
 * refill does not need (pre-discharge time, low level, fill time) stay in the edit form: a list with
 * every field wraps each header over several lines.
 */
const ORDER = [
  'deviceId',
  'channelNumber',
  'name',
  'channelTypeId',
  'material',
  'level',
  'status',
  'expiresAt',
  'shelfLifeHours',
  'configName',
] as const;

export function channelColumns(
  generated: ColumnsType<Row>,
  t: TFunction,
  { withDevice }: { withDevice: boolean },
): ColumnsType<Row> {
  const byKey = new Map(generated.map((c) => [String(c.key), c]));
  byKey.set('level', {
    key: 'level',
    title: t('deviceChannels.level'),
    width: 180,
    render: (_: unknown, row: Row) => <ChannelLevel row={row} />,
  });
  byKey.set('status', {
    key: 'status',
    title: t('deviceChannels.status'),
    render: (_: unknown, row: Row) => <ChannelStatusTags row={row} />,
  });
  return ORDER.filter((key) => withDevice || key !== 'deviceId')
    .map((key) => byKey.get(key))
    .filter((c): c is Column => !!c);
}
