/**
 * A list opened with a date range in its address (`/order-list?orderedAtFrom=2026-11-23&orderedAtTo=2026-11-23`,
 * the home page's "today" links) starts narrowed to it: the range's filters, and a tag above the
 * list that says so and whose close button lifts it. Days are the user's time zone's, as every date
 * filter (the server reads `…From`/`…To` days in the request's zone).
 */
import { Tag } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useArrivalParams } from '../app/routing/use-arrival-params';
import { fieldLabel } from './field-meta';

export function useArrivalRange(
  path: string,
  resource: string,
  field: string,
): { filters: Record<string, string> | undefined; tag: ReactNode } {
  const { t } = useTranslation();
  const fromKey = `${field}From`;
  const toKey = `${field}To`;
  const arrival = useArrivalParams(path, [fromKey, toKey]);
  const [lifted, setLifted] = useState('');
  const { [fromKey]: from, [toKey]: to } = arrival.values;
  const active = !!arrival.key && lifted !== arrival.key && !!(from || to);
  const filters = useMemo(
    () => (active ? { ...(from ? { [fromKey]: from } : {}), ...(to ? { [toKey]: to } : {}) } : undefined),
    [active, from, to, fromKey, toKey],
  );
  const tag = active ? (
    <Tag closable onClose={() => setLifted(arrival.key)} data-testid="arrival-range">
      {`${fieldLabel(t, resource, field)}: ${from ?? ''} – ${to ?? ''}`}
    </Tag>
  ) : null;
  return { filters, tag };
}
