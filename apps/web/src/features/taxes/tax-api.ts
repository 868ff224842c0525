/** The Tax Center's calculator (`POST /api/coffee/tax/preview`) and the allocations of extra products. */
import type { Page } from '@brewfleet/contracts/envelope';
import type { TaxPreview, TaxPreviewBody } from '@brewfleet/contracts/tax-preview';
import { http } from '../../api/client';
import type { Row } from '../../api/types';

export const taxApi = {
  preview: (body: TaxPreviewBody) => http.post<TaxPreview>('/coffee/tax/preview', body),
  /** The allocations of these extra products (at most a page of 500), and the taxes they name. */
  async extraProductTaxes(extraProductIds: string[]): Promise<{ allocations: Row[]; taxes: Row[] }> {
    if (!extraProductIds.length) return { allocations: [], taxes: [] };
    const [allocations, taxes] = await Promise.all([
      http.post<Page<Row>>('/coffee/tax-allocation/list', {
        page: 1,
        limit: 500,
        extraProductId: extraProductIds,
      }),
      http.post<Page<Row>>('/coffee/tax/list', { page: 1, limit: 500 }),
    ]);
    return { allocations: allocations.list, taxes: taxes.list };
  },
};
