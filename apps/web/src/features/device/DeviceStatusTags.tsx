/** A machine's status as tags: online or offline, then alarm, locked, shortage, maintenance, menu. */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS, statusTags, type DeviceFlags } from './device-status';

export default function DeviceStatusTags({
  device,
  withMenu = true,
}: {
  device: DeviceFlags;
  withMenu?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Space size={[0, 4]} wrap className="device-status-tags">
      {statusTags(device).map((tag) => (
        <Tag key={tag} color={STATUS_COLORS[tag].tag} data-status={tag}>
          {t(`devices.status.${tag}`)}
        </Tag>
      ))}
      {withMenu && typeof device.menuStatus === 'string' && (
        <Tag data-status={`menu-${device.menuStatus}`}>{t(`devices.menuStatus.${device.menuStatus}`)}</Tag>
      )}
    </Space>
  );
}
