/**
 * The remote operations of spec §4 (lock, unlock, startup, shutdown, restart) for one machine or
 * many. Each button shows only with its permission code and asks before sending; the answer's
 * commands are followed to their end by the command tracker.
 */
import {
  LockOutlined,
  PoweroffOutlined,
  RedoOutlined,
  ThunderboltOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { App, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REMOTE_OPERATIONS } from '@brewfleet/contracts/device-protocol';
import { P } from '@brewfleet/contracts/permissions';
import { deviceApi, type RemoteOperation } from '../../api/device-api';
import { useHasPermission } from '../../app/stores/permission-store';
import { commandTracker } from './command-tracker';
import SelectedNames from './SelectedNames';
import { Button } from '../../components/Button';
import { issuedMessage } from './issued-message';

const ICONS: Record<RemoteOperation, ReactNode> = {
  lock: <LockOutlined />,
  unlock: <UnlockOutlined />,
  startup: <ThunderboltOutlined />,
  shutdown: <PoweroffOutlined />,
  restart: <RedoOutlined />,
};
/** Operations that stop a machine from serving: their confirmation is red. */
const DISRUPTIVE = new Set<RemoteOperation>(['lock', 'shutdown', 'restart']);

interface Props {
  ids: string[];
  /** Machine names by id, for the confirmation and the command panel. */
  names?: Record<string, string>;
  size?: 'small' | 'middle';
  onIssued?: () => void;
}

/** The operations this user may run. */
export function useAllowedOperations(): RemoteOperation[] {
  const can = useHasPermission();
  return REMOTE_OPERATIONS.filter((op) => can(P.device[op]));
}

export default function RemoteOperations({ ids, names = {}, size = 'middle', onIssued }: Props) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const allowed = useAllowedOperations();
  if (!allowed.length) return null;

  const send = async (operation: RemoteOperation) => {
    try {
      const commands = await deviceApi.operate(operation, ids);
      commandTracker.getState().track(commands, names);
      const issued = issuedMessage(t, t(`devices.operations.${operation}`), commands);
      void (issued.nothingNew ? message.info(issued.text) : message.success(issued.text));
      onIssued?.();
    } catch {
      // toasted by the client
    }
  };

  const confirm = (operation: RemoteOperation) => {
    const label = t(`devices.operations.${operation}`);
    const listed = ids.map((id) => names[id]).filter(Boolean);
    modal.confirm({
      title: t('devices.confirmOperation', { operation: label, count: ids.length }),
      content: (
        <>
          <SelectedNames names={listed} />
          <p>{t('devices.operationHint')}</p>
        </>
      ),
      okText: label,
      okButtonProps: { danger: DISRUPTIVE.has(operation) },
      cancelText: t('common.cancel'),
      onOk: () => send(operation),
    });
  };

  return (
    <Space size={4} wrap>
      {allowed.map((operation) => (
        <Button
          key={operation}
          size={size}
          icon={ICONS[operation]}
          disabled={!ids.length}
          onClick={() => confirm(operation)}
          data-testid={`operation-${operation}`}
        >
          {t(`devices.operations.${operation}`)}
        </Button>
      ))}
    </Space>
  );
}
