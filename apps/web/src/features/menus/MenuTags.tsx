/** The menu screens' tags: a release's state and a machine's menu status, coloured and labelled. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabelKey } from '../../resources/field-meta';
import { colorOf, MENU_STATUS_COLORS, RELEASE_STATE_COLORS } from './menu-colors';

export function ReleaseStateTag({ state }: { state: unknown }) {
  const { t } = useTranslation();
  if (!state) return null;
  return (
    <Tag color={colorOf(RELEASE_STATE_COLORS, state)} data-release-state={String(state)}>
      {t(enumLabelKey('menu-release', 'state', String(state)))}
    </Tag>
  );
}

export function MenuStatusTag({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Tag color={colorOf(MENU_STATUS_COLORS, status)} data-menu-status={String(status)}>
      {t(enumLabelKey('device', 'menuStatus', String(status)))}
    </Tag>
  );
}
