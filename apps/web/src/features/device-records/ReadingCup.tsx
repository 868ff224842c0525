/**
 * The cup a refractometer reading measured, as a person knows it: when it was made and what (its
 * machine is the reading's own), linked to the production records narrowed to that moment. The
 * record's id, all the reading stores, stays on hover. A user who may not list production records,
 * or a record no longer there, sees the id as before.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { request } from '../../api/client';
import type { Row } from '../../api/types';
import { useHasPermission } from '../../app/stores/permission-store';
import ClipText from '../../resources/ClipText';
import { resourceKeys } from '../../resources/use-ref-options';
import { formatDateTime } from '../../utils/format';

const PRODUCTION_RECORDS = '/dataCenter-produceRecord';

/**
 * The records list around one instant. Times travel to the millisecond while a record may keep
 * microseconds: the range runs to the next millisecond (both ends are included).
 */
export function cupRecordsPath(producedAt: string): string {
  const from = new Date(producedAt);
  const to = new Date(from.getTime() + 1);
  return `${PRODUCTION_RECORDS}?${new URLSearchParams({
    producedAtFrom: from.toISOString(),
    producedAtTo: to.toISOString(),
  }).toString()}`;
}

export default function ReadingCup({ id, maxWidth }: { id: string; maxWidth?: number }) {
  const { t } = useTranslation();
  const can = useHasPermission();
  const allowed = can(P.productionRecord.list);
  const { data, isPending, isError } = useQuery({
    queryKey: resourceKeys.item('production-record', id),
    // Quiet: a record gone (or out of scope) leaves its id in the cell, not a toast per row.
    queryFn: () =>
      request<Row>({
        method: 'GET',
        url: `/coffee/production-record/${encodeURIComponent(id)}`,
        quiet: true,
      }),
    enabled: allowed,
    staleTime: 5 * 60_000,
  });
  const title = t('quality.readingCup', { id });
  if (!allowed || isError || (!isPending && !data?.producedAt))
    return <ClipText title={id} maxWidth={maxWidth} />;
  if (!data) return null;
  const producedAt = String(data.producedAt);
  const text = [formatDateTime(producedAt), data.productCode].filter(Boolean).join(' · ');
  return (
    <ClipText title={`${text}\n${title}`} maxWidth={maxWidth}>
      <Link to={cupRecordsPath(producedAt)} data-testid="reading-cup">
        {text}
      </Link>
    </ClipText>
  );
}
