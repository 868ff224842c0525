/** A remote command's state as a coloured tag (queued → sent → acknowledged → succeeded / failed / expired). */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CommandState } from '@brewfleet/contracts/enums';
import { enumLabelKey } from '../../resources/field-meta';

/** Dark enough for white text (WCAG AA). */
export const COMMAND_STATE_COLORS: Record<CommandState, string> = {
  queued: '#595959',
  sent: '#0958d9',
  acknowledged: '#531dab',
  succeeded: '#237804',
  failed: '#a8071a',
  expired: '#874d00',
};

export default function CommandStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COMMAND_STATE_COLORS[state as CommandState]} data-state={state}>
      {t(enumLabelKey('device-command', 'state', state))}
    </Tag>
  );
}
