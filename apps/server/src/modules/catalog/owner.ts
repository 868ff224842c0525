/**
 * Catalog rows belong to a merchant: a merchant user's own unless it names one below it; a platform
 * user names the merchant.
 */
import { AppError } from '../../platform/http/errors.ts';
import type { HookContext, ResourceHooks, Row } from '../../platform/crud/types.ts';

export function ownerOf(input: Row, ctx: Pick<HookContext, 'user'>): string {
  const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
  if (!merchantId)
    throw new AppError('msg.merchantRequired', {}, [
      { field: 'merchantId', message: 'msg.merchantRequired' },
    ]);
  return merchantId;
}

export const merchantOwned: ResourceHooks = {
  beforeCreate: (input, ctx) => ({ ...input, merchantId: ownerOf(input, ctx) }),
};
