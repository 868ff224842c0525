/**
 * The Tax Center's calculator, `POST /api/coffee/tax/preview`: an order as it would be taken now, its
 * tax lines and totals under the current tax configuration. Nothing is stored. Money in and out is a
 * decimal string with two places (CONTRACT §3); the server computes in whole cents (money.ts, tax.ts).
 */
import { z } from 'zod';
import { idSchema } from './resource.ts';
import { idAnswer, moneyAnswer } from './answers/envelope.ts';
import { COUNTRY_CODE_PATTERN, TAX_ORDER_TYPES } from './resources/tax.ts';

/** The most lines one preview takes (an order on a machine has at most 50). */
export const TAX_PREVIEW_MAX_LINES = 50;

/** A unit price as the shelf shows it: not negative, at most two decimals ("12.50", "3"). */
const unitPrice = z
  .string()
  .trim()
  .regex(/^\d{1,10}(?:\.\d{1,2})?$/, { error: 'msg.invalidMoney' });

export const taxPreviewLine = z
  .object({
    productId: idSchema.optional(),
    extraProductId: idSchema.optional(),
    quantity: z.number().int().min(1).max(999),
    unitPrice,
  })
  .refine((line) => !!line.productId !== !!line.extraProductId, { error: 'msg.taxLineNeedsOneItem' });

export const taxPreviewBody = z
  .object({
    orderType: z.enum(TAX_ORDER_TYPES),
    /** The store the order is taken in: its merchant's taxes and country. */
    storeId: idSchema.optional(),
    /** Without a store: whose taxes (a merchant user's own by default) and which country's rule. */
    merchantId: idSchema.optional(),
    country: z.string().trim().regex(COUNTRY_CODE_PATTERN, { error: 'msg.invalidCountryCode' }).optional(),
    lines: z.array(taxPreviewLine).min(1).max(TAX_PREVIEW_MAX_LINES),
  })
  .refine((body) => !!body.storeId || !!body.country, {
    error: 'msg.taxPreviewNeedsStore',
    path: ['storeId'],
  });
export type TaxPreviewBody = z.infer<typeof taxPreviewBody>;

/** The country's rule as it was applied (tax.ts TaxRule). */
export const taxRuleAnswer = z.object({
  pricesIncludeTax: z.boolean(),
  decimals: z.number().int(),
  rounding: z.string(),
});

export const taxPreviewLineAnswer = z.object({
  /** 1, 2, … in the order sent. */
  line: z.number().int(),
  productId: idAnswer.nullable(),
  extraProductId: idAnswer.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: moneyAnswer,
  /** unitPrice × quantity, as the price list states it. */
  amount: moneyAnswer,
  /** The tax allocated to the line's product type (or extra product) for this order type; null: none. */
  taxId: idAnswer.nullable(),
  taxName: z.string().nullable(),
  /** Percent, as configured ("5", "8.875"); "0" without a tax. */
  taxRate: z.string(),
  taxBase: z.string(),
  tax: moneyAnswer,
  net: moneyAnswer,
  gross: moneyAnswer,
});

export const taxPreviewAnswer = z.object({
  country: z.string(),
  orderType: z.enum(TAX_ORDER_TYPES),
  rule: taxRuleAnswer,
  lines: z.array(taxPreviewLineAnswer),
  /** Each total is the sum of its lines. */
  net: moneyAnswer,
  tax: moneyAnswer,
  gross: moneyAnswer,
});
export type TaxPreview = z.infer<typeof taxPreviewAnswer>;
