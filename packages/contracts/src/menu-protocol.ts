/**
 * A menu as a machine receives it (docs/device-protocol.md §4.4, command type `menu`): the command's
 * params are `{ version, menu }`. The machine checks every recipe against its own parameter ranges
 * and adopts the menu (acknowledging `succeeded`, then reporting `menuVersion` in its status) or
 * rejects it whole (`failed`, with `details` per product).
 */
import { z } from 'zod';
import { MACHINE_FAMILIES } from './device-protocol.ts';
import { recipeSchema } from './recipes.ts';
import { PRODUCT_KINDS } from './enums.ts';

const money = z.string().regex(/^-?\d{1,10}\.\d{2}$/);

export const menuProduct = z.object({
  code: z.string().max(64),
  name: z.string().max(128),
  kind: z.enum(PRODUCT_KINDS),
  family: z.enum(MACHINE_FAMILIES),
  price: money,
  recipeVersion: z.number().int().min(1),
  recipe: recipeSchema,
  options: z
    .array(
      z.object({
        type: z.string().max(64),
        name: z.string().max(64),
        priceChange: money,
        amountFactor: z.number().min(0).max(5),
        isDefault: z.boolean(),
      }),
    )
    .max(100),
  toppings: z.array(z.object({ name: z.string().max(64), price: money, charged: z.boolean() })).max(50),
});
export type MenuProduct = z.infer<typeof menuProduct>;

export const menuContent = z.object({
  version: z.string().max(64),
  name: z.string().max(128),
  currency: z.string().max(8).optional(),
  products: z.array(menuProduct).max(500),
});
export type MenuContent = z.infer<typeof menuContent>;

export const menuCommandParams = z.object({ version: z.string().max(64), menu: menuContent });
