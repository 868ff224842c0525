/**
 * The two kinds of sale (contracts sales.ts): a store's products and a machine's products, each a
 * generic resource keyed by its target; and the machines a screen may pick from.
 */
import type { Page } from '@brewfleet/contracts/envelope';
import { P } from '@brewfleet/contracts/permissions';
import { http } from '../../api/client';
import type { Row } from '../../api/types';

export type SalesTarget = 'store' | 'machine';

export const SALES = {
  store: { resource: 'store-product', targetField: 'storeId', permissions: P.storeProduct },
  machine: { resource: 'machine-product', targetField: 'deviceId', permissions: P.machineProduct },
} as const;

/** The automatic screens (spec §2 "a second machine family") are those of automatic coffee machines. */
export const AUTOMATIC_COFFEE = { family: 'coffee', automation: 'automatic' } as const;

export const salesKeys = {
  sales: (resource: string, targetId: string) => ['product-sales', resource, targetId] as const,
  products: ['product-sales', 'products'] as const,
  machines: (automaticOnly: boolean) => ['product-sales', 'machines', automaticOnly] as const,
};

const firstRows = (resource: string, filters: Record<string, unknown>) =>
  http.post<Page<Row>>(`/coffee/${resource}/list`, { page: 1, limit: 500, ...filters }).then((p) => p.list);

export const salesApi = {
  sales: (target: SalesTarget, targetId: string) =>
    firstRows(SALES[target].resource, { [SALES[target].targetField]: targetId, sort: 'sortOrder' }),
  products: () => firstRows('product', { sort: 'name' }),
  machines: (automaticOnly: boolean) =>
    firstRows('device', { sort: 'name', ...(automaticOnly ? AUTOMATIC_COFFEE : {}) }),
  /** Quiet: refusals are listed in the add dialog, each with the server's message. */
  add: (target: SalesTarget, body: Record<string, unknown>) =>
    http.post<Row>(`/coffee/${SALES[target].resource}`, body, { quiet: true }),
  update: (target: SalesTarget, body: Record<string, unknown> & { id: string }) =>
    http.put<Row>(`/coffee/${SALES[target].resource}`, body),
  remove: (target: SalesTarget, ids: string[]) =>
    http.delete<{ deleted: number }>(`/coffee/${SALES[target].resource}`, { ids }),
};
