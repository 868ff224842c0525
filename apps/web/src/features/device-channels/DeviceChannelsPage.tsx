/**
 * Device channels (`machineBasket/index`): the channels of every machine the user sees, with level,
 * low-level and expiry status, filtered by machine and the rest; each row leads to its machine's own
 * channel list. "Refilled" restarts the shelf life of the chosen channels.
 */
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { deviceChannelResource } from '@brewfleet/contracts/resources/channels';
import type { Row } from '../../api/types';
import { useHasPermission } from '../../app/stores/permission-store';
import ResourcePage from '../../resources/ResourcePage';
import { channelColumns } from './channel-columns';
import { machineChannelsLocation } from './machine-channels-location';
import { useRefill } from './use-refill';
import { Button } from '../../components/Button';
import './device-channels.css';

export default function DeviceChannelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const refill = useRefill();
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>) => channelColumns(columns, t, { withDevice: true }),
    [t],
  );
  // Given only to those who may refill: bulk actions turn row selection on.
  const refillSelected = (ids: string[], clear: () => void) =>
    ids.length > 0 && (
      <Button onClick={() => refill(ids, clear)} data-testid="refill-selected">
        {t('deviceChannels.refillSelected')}
      </Button>
    );
  return (
    <ResourcePage
      def={deviceChannelResource}
      adjustColumns={adjustColumns}
      rowActions={[
        {
          key: 'refill',
          label: t('deviceChannels.refill'),
          permission: P.deviceChannel.refill,
          onClick: (row) => refill([row.id]),
        },
        {
          key: 'machine',
          label: t('deviceChannels.machineChannels'),
          onClick: (row) => navigate(machineChannelsLocation(String(row.deviceId))),
        },
      ]}
      bulkActions={can(P.deviceChannel.refill) ? refillSelected : undefined}
    />
  );
}
