/** Answers of the merchant area beside the generic resource routes. */
import { z } from 'zod';
import { MERCHANT_STATUSES } from '../enums.ts';
import { idAnswer } from './envelope.ts';

/** A node of `GET /api/coffee/merchant/tree`; the top of what the user sees has parentId "0". */
export interface MerchantNode {
  id: string;
  parentId: string;
  name: string;
  status: (typeof MERCHANT_STATUSES)[number];
  isOpen: boolean | null;
  country: string | null;
  principal: string | null;
  children: MerchantNode[];
}
export const merchantNodeAnswer: z.ZodType<MerchantNode> = z.object({
  id: idAnswer,
  parentId: idAnswer,
  name: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  isOpen: z.boolean().nullable(),
  country: z.string().nullable(),
  principal: z.string().nullable(),
  get children() {
    return z.array(merchantNodeAnswer);
  },
});
export const merchantTreeAnswer = z.array(merchantNodeAnswer);
