/**
 * The map's position editor asks before it saves: a pin dropped (or a machine placed) at a new spot
 * moves this machine, or its store (which carries every machine of the store without a place of its
 * own). Saved through the ordinary update of the device or the store, so the same permission codes,
 * tenant scope and operation log apply.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { resourceApi } from '../../api/resource-api';
import { useHasPermission } from '../../app/stores/permission-store';
import type { LatLng } from './MachineMap';

export interface PendingMove {
  machine: { id: string; name: string };
  /** The machine's store, when moving the store instead is on offer. */
  store: { id: string; name: string } | null;
  to: LatLng;
}

type Target = 'machine' | 'store';

/** Six decimals: about 10 cm, finer than a pin can be dropped. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export function formatPosition({ latitude, longitude }: LatLng): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

/** What a move updates, or null when the caller may not save it. */
export function moveRequest(
  move: PendingMove,
  target: Target,
): { resource: 'device' | 'store'; body: { id: string; latitude: number; longitude: number } } {
  const at = { latitude: round(move.to.latitude), longitude: round(move.to.longitude) };
  return target === 'store' && move.store
    ? { resource: 'store', body: { id: move.store.id, ...at } }
    : { resource: 'device', body: { id: move.machine.id, ...at } };
}

export default function MoveDialog({
  move,
  onClose,
}: {
  move: PendingMove;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const has = useHasPermission();
  const queryClient = useQueryClient();
  const canStore = !!move.store && has(P.store.update);
  const [target, setTarget] = useState<Target>('machine');
  const save = useMutation({
    mutationFn: () => {
      const { resource, body } = moveRequest(move, canStore ? target : 'machine');
      return resourceApi.update(resource, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['resource', 'device'] });
      if (canStore && target === 'store')
        await queryClient.invalidateQueries({ queryKey: ['resource', 'store'] });
      void message.success(t('map.edit.saved'));
      onClose(true);
    },
  });

  return (
    <Modal
      open
      title={t('map.edit.moveTitle', { name: move.machine.name })}
      okText={t('common.save')}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
      data-testid="map-move-dialog"
    >
      <Space orientation="vertical">
        <Typography.Text>{t('map.edit.newPosition', { position: formatPosition(move.to) })}</Typography.Text>
        {canStore && (
          <Radio.Group
            value={target}
            onChange={(e) => setTarget(e.target.value as Target)}
            options={[
              { value: 'machine', label: t('map.edit.thisMachine') },
              { value: 'store', label: t('map.edit.itsStore', { store: move.store!.name }) },
            ]}
            className="map-move-target"
          />
        )}
      </Space>
    </Modal>
  );
}
