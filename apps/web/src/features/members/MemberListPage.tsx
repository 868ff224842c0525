/**
 * Membership List (spec §3 Member): the generic page of `member` (its money in the console's
 * format, $ or 元), with what staff do for one member, each shown only with its permission code:
 * adjust the wallet or the points (AdjustDialog), and open the member's wallet history, points
 * history and coupons, narrowed to that member.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { memberResource } from '@brewfleet/contracts/resources/member';
import ResourcePage, { type RowAction } from '../../resources/ResourcePage';
import AdjustDialog, { type AdjustTarget } from './AdjustDialog';
import { memberPaths } from './member-api';

export default function MemberListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);
  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'wallet',
        label: t('members.actions.wallet'),
        permission: P.member.wallet,
        onClick: (member) => setAdjusting({ what: 'wallet', member }),
      },
      {
        key: 'points',
        label: t('members.actions.points'),
        permission: P.member.points,
        onClick: (member) => setAdjusting({ what: 'points', member }),
      },
      {
        key: 'walletHistory',
        label: t('members.actions.walletHistory'),
        permission: P.walletEntry.list,
        more: true,
        onClick: (member) => void navigate(memberPaths.wallet(member.id)),
      },
      {
        key: 'pointsHistory',
        label: t('members.actions.pointsHistory'),
        permission: P.pointsEntry.list,
        more: true,
        onClick: (member) => void navigate(memberPaths.points(member.id)),
      },
      {
        key: 'coupons',
        label: t('members.actions.coupons'),
        permission: P.memberCoupon.list,
        more: true,
        onClick: (member) => void navigate(memberPaths.coupons(member.id)),
      },
    ],
    [t, navigate],
  );
  return (
    <>
      <ResourcePage def={memberResource} rowActions={rowActions} />
      {adjusting && <AdjustDialog target={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}
