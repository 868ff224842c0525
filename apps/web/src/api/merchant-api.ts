/** Calls of the merchant area beside the generic resource endpoints. */
import type { MerchantNode } from '@brewfleet/contracts/answers/tenancy';
import { http } from './client';

export type { MerchantNode };

export const fetchMerchantTree = () => http.get<MerchantNode[]>('/coffee/merchant/tree');
