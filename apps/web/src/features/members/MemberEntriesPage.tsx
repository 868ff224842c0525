/**
 * A member's entries: Wallet history, Points history and Member coupons are the generic pages of
 * their resources; opened as `?memberId=` (the Membership List's links) they show that member only,
 * until the user asks for all members (as the machine log does for one machine). An entry's order
 * opens its detail page: orders have no picker (too many to list), so they are neither a search
 * filter here nor named through one.
 */
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import type { ResourceDef } from '@brewfleet/contracts/resource';
import {
  memberCouponResource,
  pointsEntryResource,
  walletEntryResource,
} from '@brewfleet/contracts/resources/member';
import type { Row } from '../../api/types';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import { Button } from '../../components/Button';
import ResourcePage from '../../resources/ResourcePage';
import { useRefOptions } from '../../resources/use-ref-options';
import { orderDetailPath } from '../orders/order-api';
import './members.css';

const ARRIVAL = ['memberId'] as const;

function MemberEntriesPage({ def, path }: { def: ResourceDef; path: string }) {
  const { t } = useTranslation();
  const arrival = useArrivalParams(path, ARRIVAL);
  const [scope, setScope] = useState<{ key: string; memberId?: string }>({ key: '' });
  if (scope.key !== arrival.key) setScope({ key: arrival.key, memberId: arrival.values.memberId });
  const members = useRefOptions('member', !!scope.memberId);
  const memberName = members.data?.find((o) => o.value === scope.memberId)?.label ?? scope.memberId;
  const fixedFilters = useMemo(
    () => (scope.memberId ? { memberId: scope.memberId } : undefined),
    [scope.memberId],
  );
  const canOpenOrders = useHasPermission()(P.order.list);
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> =>
      columns.map((c) =>
        c.key === 'orderId'
          ? {
              ...c,
              render: (value: unknown) =>
                value && canOpenOrders ? (
                  <Link to={orderDetailPath(value)} data-testid="entry-order">
                    {t('members.ledger.openOrder')}
                  </Link>
                ) : null,
            }
          : c,
      ),
    [canOpenOrders, t],
  );
  return (
    <ResourcePage
      def={def}
      fixedFilters={fixedFilters}
      adjustColumns={adjustColumns}
      header={
        scope.memberId && (
          <div className="member-scope" data-testid="member-scope">
            <Tag>{t('members.ledger.member', { name: memberName })}</Tag>
            <Button
              size="small"
              type="link"
              guardMs={0}
              onClick={() => setScope((s) => ({ ...s, memberId: undefined }))}
            >
              {t('members.ledger.allMembers')}
            </Button>
          </div>
        )
      }
    />
  );
}

export function WalletHistoryPage() {
  return <MemberEntriesPage def={walletEntryResource} path="/member-wallet" />;
}

export function PointsHistoryPage() {
  return <MemberEntriesPage def={pointsEntryResource} path="/member-points" />;
}

export function MemberCouponsPage() {
  return <MemberEntriesPage def={memberCouponResource} path="/coupon-member" />;
}
