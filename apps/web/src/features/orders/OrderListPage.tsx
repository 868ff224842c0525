/**
 * Order List (issue 11, spec §3 Order): the generic resource page of `order` (filters, the date range
 * in the user's time zone, sorting, export), with what is special to orders: the order number opens
 * `/order-detail`, the status is a coloured tag and a price check that found a difference a warning.
 * Money columns follow the console's money format ($ in English, 元 in Chinese) as every list does.
 */
import type { ColumnsType } from 'antd/es/table';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '@brewfleet/contracts/order-status';
import { orderResource, type OrderCheck } from '@brewfleet/contracts/resources/order';
import type { Row } from '../../api/types';
import ResourcePage from '../../resources/ResourcePage';
import { useArrivalRange } from '../../resources/use-arrival-range';
import { orderDetailPath } from './order-api';
import { OrderStatusTag, PriceCheckTag } from './order-tags';

export default function OrderListPage() {
  // The home page's "today" link opens the list narrowed to today.
  const today = useArrivalRange('/order-list', orderResource.name, 'orderedAt');
  const adjustColumns = useCallback(
    (columns: ColumnsType<Row>): ColumnsType<Row> =>
      columns.map((c) => {
        switch (c.key) {
          case 'orderNo':
            return {
              ...c,
              render: (value: unknown, row: Row) => (
                <Link to={orderDetailPath(row.id)} data-testid="order-link">
                  {String(value ?? row.id)}
                </Link>
              ),
            };
          case 'status':
            return {
              ...c,
              render: (value: unknown) => (value ? <OrderStatusTag status={value as OrderStatus} /> : null),
            };
          case 'priceCheck':
            return {
              ...c,
              render: (value: unknown) => (value ? <PriceCheckTag check={value as OrderCheck} /> : null),
            };
          default:
            return c;
        }
      }),
    [],
  );
  return (
    <ResourcePage
      def={orderResource}
      wide
      adjustColumns={adjustColumns}
      fixedFilters={today.filters}
      header={today.tag}
    />
  );
}
