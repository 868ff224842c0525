/**
 * The console's one delivery call beside the generic resource routes (contracts delivery-api.ts):
 * upload a store's menu to Uber Eats now. The answer is shown in the sync dialog, and so is a
 * refusal (the server's message, in the user's language): no toast on failure.
 */
import type { DeliverySyncAnswer } from '@brewfleet/contracts/delivery-api';
import { http } from '../../api/client';

export const DELIVERY_SYNC_URL = '/coffee/delivery-store/sync';

export const deliveryApi = {
  sync: (id: string) => http.post<DeliverySyncAnswer>(DELIVERY_SYNC_URL, { id }, { quiet: true }),
};
