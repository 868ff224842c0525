/**
 * The six counters of spec §3 (all, offline, material shortage, alarm, locked, needs maintenance)
 * for the list's filters. Each is a toggle that narrows the list to its machines.
 */
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_CONDITIONS, type DeviceCondition } from '@brewfleet/contracts/enums';
import type { DeviceCounters as Counters } from '@brewfleet/contracts/fleet-api';

interface Props {
  counters: Counters | undefined;
  loading: boolean;
  active: DeviceCondition;
  onChange: (condition: DeviceCondition) => void;
}

export default function DeviceCounters({ counters, loading, active, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <div className="device-counters" role="group" aria-label={t('devices.counters.label')}>
      {DEVICE_CONDITIONS.map((condition) => (
        <button
          key={condition}
          type="button"
          className={`device-counter device-counter-${condition}${active === condition ? ' active' : ''}`}
          aria-pressed={active === condition}
          data-testid={`counter-${condition}`}
          // Pressing the active counter again shows every machine.
          onClick={() => onChange(active === condition && condition !== 'all' ? 'all' : condition)}
        >
          <span className="device-counter-label">{t(`devices.counters.${condition}`)}</span>
          {loading && !counters ? (
            <Skeleton.Button active size="small" />
          ) : (
            <span className="device-counter-value">{counters?.[condition] ?? 0}</span>
          )}
        </button>
      ))}
    </div>
  );
}
