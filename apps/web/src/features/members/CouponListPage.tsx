/**
 * Coupon List (spec §3 Coupon): the generic page of `coupon`, with "Grant coupon" on a usable
 * coupon's row for those who hold `coffee:coupon:grant` (GrantCouponDialog).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { P } from '@brewfleet/contracts/permissions';
import { couponResource } from '@brewfleet/contracts/resources/member';
import type { Row } from '../../api/types';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import GrantCouponDialog from './GrantCouponDialog';

export default function CouponListPage() {
  const { t } = useTranslation();
  const [granting, setGranting] = useState<Row | null>(null);
  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'grant',
        label: t('members.actions.grant'),
        permission: P.coupon.grant,
        // A coupon marked not usable cannot be used, so it is not handed out either.
        shown: (coupon) => coupon.status !== 'unusable',
        onClick: setGranting,
      },
    ],
    [t],
  );
  return (
    <>
      <ResourcePage def={couponResource} rowActions={rowActions} />
      {granting && <GrantCouponDialog coupon={granting} onClose={() => setGranting(null)} />}
    </>
  );
}
