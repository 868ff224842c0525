/** Calls of the merchant area beside the generic resource endpoints. */
import type { MERCHANT_STATUSES } from '@brewfleet/contracts/enums';
import { http } from './client';

export interface MerchantNode {
  id: string;
  parentId: string;
  name: string;
  status: (typeof MERCHANT_STATUSES)[number];
  isOpen: boolean;
  country: string | null;
  principal: string | null;
  children?: MerchantNode[];
}

export const fetchMerchantTree = () => http.get<MerchantNode[]>('/coffee/merchant/tree');
