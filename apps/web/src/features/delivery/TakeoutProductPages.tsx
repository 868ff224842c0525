/**
 * `/produce-takeout-addProduce` and `/produce-takeout-editProduce?id=` (fixed routes, opened from
 * the takeout product list): the takeout product's form on a page of its own; saved, back to the list.
 */
import { useQuery } from '@tanstack/react-query';
import { Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resourceApi } from '../../api/resource-api';
import { useArrivalParams } from '../../app/routing/use-arrival-params';
import { Button } from '../../components/Button';
import { resourceKeys } from '../../resources/use-ref-options';
import TakeoutProductForm from './TakeoutProductForm';
import { TAKEOUT_EDIT_ROUTE, TAKEOUT_LIST_PATH } from './takeout-routes';

const ARRIVAL = ['id'] as const;

function Heading({ text }: { text: string }) {
  return (
    <Typography.Title level={2} className="resource-title" data-testid="takeout-heading">
      {text}
    </Typography.Title>
  );
}

export function AddTakeoutProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => navigate(TAKEOUT_LIST_PATH);
  return (
    <>
      <Heading text={t('delivery.routes.add')} />
      <TakeoutProductForm mode="create" onSaved={back} onCancel={back} />
    </>
  );
}

export function EditTakeoutProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useArrivalParams(`/${TAKEOUT_EDIT_ROUTE}`, ARRIVAL).values.id;
  const row = useQuery({
    queryKey: resourceKeys.item('takeout-product', id ?? ''),
    queryFn: () => resourceApi.get('takeout-product', id!),
    enabled: !!id,
    retry: false,
  });
  const back = () => navigate(TAKEOUT_LIST_PATH);
  const toList = (
    <Button type="primary" onClick={back} guardMs={0}>
      {t('delivery.takeout.toList')}
    </Button>
  );
  if (!id) return <Result status="info" title={t('delivery.takeout.noProduct')} extra={toList} />;
  if (row.isError) return <Result status="warning" title={t('delivery.takeout.notFound')} extra={toList} />;
  return (
    <>
      <Heading text={t('delivery.routes.edit')} />
      {row.data ? (
        <TakeoutProductForm key={row.data.id} mode="update" row={row.data} onSaved={back} onCancel={back} />
      ) : (
        <Skeleton active />
      )}
    </>
  );
}
