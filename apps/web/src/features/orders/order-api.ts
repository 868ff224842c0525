/**
 * The order detail and the console's actions on an order (contracts order-api.ts): read it, refund
 * it (with an `Idempotency-Key` header) and cancel it. The list and export are the generic routes.
 */
import type { OrderDetail, OrderRefundBody, OrderRefundResult } from '@brewfleet/contracts/order-api';
import { http } from '../../api/client';

const ORDER = '/coffee/order';

export interface OrderCancelBody {
  orderId: string;
  reason: string;
}

export const orderApi = {
  detail: (id: string) => http.get<OrderDetail>(`${ORDER}/${encodeURIComponent(id)}/detail`),
  refund: (body: OrderRefundBody, idempotencyKey: string) =>
    http.post<OrderRefundResult>(`${ORDER}/refund`, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
  cancel: (body: OrderCancelBody) => http.post<OrderDetail>(`${ORDER}/cancel`, body),
};

export const orderKeys = {
  // Under the resource's key: what invalidates the order list invalidates the detail too.
  detail: (id: string) => ['resource', 'order', 'detail', id] as const,
};

/** The detail page of an order, as the list's order number opens it. */
export const orderDetailPath = (id: unknown) => `/order-detail?id=${encodeURIComponent(String(id))}`;
