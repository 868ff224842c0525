/**
 * The commands this user issued in this session and where each one is now, moved by the live
 * stream: queued → sent → acknowledged → succeeded / failed / expired. Shown while there are some.
 */
import { Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../utils/format';
import CommandStateTag from './CommandStateTag';
import { commandReason } from './command-reason';
import { useCommandTracker } from './command-tracker';
import type { LiveStatus } from './use-device-live';
import { Button } from '../../components/Button';

export function LiveBadge({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  return (
    <Typography.Text type="secondary" className="live-badge" data-live={status}>
      <span className={`live-dot live-dot-${status}`} aria-hidden />
      {t(`devices.live.${status}`)}
    </Typography.Text>
  );
}

export default function CommandPanel({ deviceId }: { deviceId?: string }) {
  const { t } = useTranslation();
  const all = useCommandTracker((s) => s.commands);
  const clear = useCommandTracker((s) => s.clear);
  const commands = deviceId ? all.filter((c) => c.deviceId === deviceId) : all;
  if (!commands.length) return null;
  return (
    <Card
      size="small"
      className="command-panel"
      title={
        <Typography.Title level={3} className="command-panel-title">
          {t('devices.commandPanel.title')}
        </Typography.Title>
      }
      extra={
        !deviceId && (
          <Button size="small" type="link" onClick={clear}>
            {t('devices.commandPanel.clear')}
          </Button>
        )
      }
      data-testid="command-panel"
    >
      <List
        size="small"
        dataSource={commands.slice(0, 8)}
        renderItem={(command) => (
          <List.Item data-command={command.id} data-device={command.deviceId}>
            <Space size={8} wrap>
              <Typography.Text strong>{command.deviceName ?? command.deviceId}</Typography.Text>
              <span>{t(`resources.device-command.values.type.${command.type}`)}</span>
              <CommandStateTag state={command.state} />
              {command.reason && (
                <Typography.Text type="secondary">{commandReason(t, command)}</Typography.Text>
              )}
            </Space>
            <Typography.Text type="secondary">{formatDateTime(command.updatedAt)}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
