/**
 * `/order-detail?id=` (a fixed route, opened from the Order List's order number): the order as
 * `GET /api/coffee/order/:id/detail` answers it, with Refund and Cancel for those who hold their
 * codes. A tab reopens the last order it was opened for (use-arrival-params.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { P } from '@brewfleet/contracts/permissions';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { useHasPermission } from '../../app/stores/permission-store';
import { Button } from '../../components/Button';
import { resourceKeys } from '../../resources/use-ref-options';
import CancelDialog, { CANCELLABLE } from './CancelDialog';
import { orderApi, orderKeys } from './order-api';
import OrderDetailView from './OrderDetailView';
import { orderRefundable } from './refund-rules';
import RefundDialog from './RefundDialog';

const PATH = '/order-detail';
const ARRIVAL = ['id'] as const;

export default function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useHasPermission();
  const queryClient = useQueryClient();
  const id = useArrivalParams(PATH, ARRIVAL).values.id;
  const [dialog, setDialog] = useState<'refund' | 'cancel' | null>(null);
  const detail = useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: () => orderApi.detail(id!),
    enabled: !!id,
  });

  if (!id)
    return (
      <Result
        status="info"
        title={t('orders.detail.noOrder')}
        extra={
          <Button type="primary" onClick={() => navigate('/order-list')}>
            {t('orders.detail.toList')}
          </Button>
        }
      />
    );
  if (detail.isLoading) return <Skeleton active className="page-card" />;
  if (!detail.data) return <Empty description={t('orders.detail.notFound')} />;

  const data = detail.data;
  // The list shows the new totals and status too.
  const changed = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all('order') });
  const actions = (
    <Space wrap>
      {can(P.order.refund) && orderRefundable(data) > 0 && (
        <Button danger onClick={() => setDialog('refund')} guardMs={0} data-testid="order-refund">
          {t('orders.detail.refundAction')}
        </Button>
      )}
      {can(P.order.cancel) && CANCELLABLE.includes(data.status) && (
        <Button danger onClick={() => setDialog('cancel')} guardMs={0} data-testid="order-cancel">
          {t('orders.detail.cancelAction')}
        </Button>
      )}
    </Space>
  );

  return (
    <>
      <OrderDetailView detail={data} actions={actions} />
      <RefundDialog
        detail={data}
        open={dialog === 'refund'}
        onClose={() => setDialog(null)}
        onRefunded={() => {
          setDialog(null);
          changed();
        }}
      />
      <CancelDialog
        detail={data}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onCancelled={(answer) => {
          setDialog(null);
          queryClient.setQueryData(orderKeys.detail(id), answer);
          changed();
        }}
      />
    </>
  );
}
