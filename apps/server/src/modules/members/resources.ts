/**
 * The eight resources of members and the app (contracts resources/member.ts, app.ts) with their
 * rules: a row is its merchant's (a merchant user's own unless it names one below it); a member's
 * number comes from the server and its balances only from the ledgers (readOnly); a store named by
 * a points rule or a banner is one of the row's merchant; a merchant has one app setting, whose
 * compensation coupon is one of the merchant's own or above it.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  appBannerResource,
  appSettingResource,
  couponResource,
  memberCouponResource,
  memberResource,
  pointsEntryResource,
  pointsRuleResource,
  walletEntryResource,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { HookContext, ResourceDeps, ResourceHooks, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ancestorsOf } from './chains.ts';
import { cleanContact, newMemberNo } from './profiles.ts';

function ownerOf(input: Row, ctx: Pick<HookContext, 'user'>): string {
  const merchantId = (input.merchantId as string | undefined) ?? ctx.user.merchantId;
  if (!merchantId)
    throw new AppError('msg.merchantRequired', {}, [
      { field: 'merchantId', message: 'msg.merchantRequired' },
    ]);
  return merchantId;
}

/** A store named by a row must be one of the row's merchant's. */
async function checkStore(db: Db, merchantId: string, storeId: unknown) {
  if (typeof storeId !== 'string' || !storeId) return;
  const [store] = await rows<{ merchantId: string }>(
    db,
    sql`select merchant_id::text as "merchantId" from store where id = ${storeId}::bigint`,
  );
  if (store?.merchantId !== merchantId)
    throw new AppError('msg.storeOtherMerchant', {}, [
      { field: 'storeId', message: 'msg.storeOtherMerchant' },
    ]);
}

const contacts = (input: Row): Row => ({
  ...input,
  ...('phone' in input ? { phone: cleanContact(input.phone) } : {}),
  ...('email' in input ? { email: cleanContact(input.email) } : {}),
});

const memberHooks: ResourceHooks = {
  beforeCreate: (input, ctx) => ({
    ...contacts(input),
    merchantId: ownerOf(input, ctx),
    memberNo: newMemberNo(),
  }),
  beforeUpdate: (input) => contacts(input),
};

/** Owned by a merchant; a store it names is one of that merchant's. */
const scopedHooks = (extra?: (row: Row, db: Db) => Promise<void> | void): ResourceHooks => ({
  async beforeCreate(input, ctx) {
    const merchantId = ownerOf(input, ctx);
    const values: Row = { ...input, merchantId };
    await checkStore(ctx.db, merchantId, values.storeId);
    await extra?.(values, ctx.db);
    return values;
  },
  async beforeUpdate(input, existing, ctx) {
    const merged = { ...existing, ...input };
    if ('storeId' in input) await checkStore(ctx.db, String(existing.merchantId), input.storeId);
    await extra?.(merged, ctx.db);
    return input;
  },
});

/** Points per amount spent need the amount that earns them. */
function checkRule(rule: Row) {
  if (rule.basis === 'amount' && !(Number(rule.perAmount) > 0))
    throw new AppError('msg.perAmountRequired', {}, [
      { field: 'perAmount', message: 'msg.perAmountRequired' },
    ]);
}

/** A banner's active period ends after it starts (one that ends first would never show). */
function checkActivePeriod(banner: Row) {
  const from = banner.activeFrom ? Date.parse(String(banner.activeFrom)) : NaN;
  const to = banner.activeTo ? Date.parse(String(banner.activeTo)) : NaN;
  if (to <= from)
    throw new AppError('msg.activeEndsBeforeStart', {}, [
      { field: 'activeTo', message: 'msg.activeEndsBeforeStart' },
    ]);
}

/** Compensation by coupon names a coupon of the setting's merchant or of a merchant above it. */
async function checkCompensation(setting: Row, db: Db) {
  const couponId = setting.compensationCouponId as string | null | undefined;
  const refuse = () => {
    throw new AppError('msg.compensationCouponRequired', {}, [
      { field: 'compensationCouponId', message: 'msg.compensationCouponRequired' },
    ]);
  };
  if (!couponId) {
    if (setting.compensation === 'coupon') refuse();
    return;
  }
  const [coupon] = await rows<{ merchantId: string }>(
    db,
    sql`select merchant_id::text as "merchantId" from coupon where id = ${couponId}::bigint`,
  );
  const merchantId = String(setting.merchantId);
  const chain = (await ancestorsOf(db, [merchantId])).get(merchantId) ?? [];
  if (!coupon || !chain.includes(coupon.merchantId)) refuse();
}

export function registerMemberResources(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, memberResource, { hooks: memberHooks });
  registerResource(app, deps, walletEntryResource);
  registerResource(app, deps, pointsEntryResource);
  registerResource(app, deps, pointsRuleResource, { hooks: scopedHooks(checkRule) });
  registerResource(app, deps, couponResource, { hooks: scopedHooks() });
  registerResource(app, deps, memberCouponResource);
  registerResource(app, deps, appBannerResource, { hooks: scopedHooks(checkActivePeriod) });
  registerResource(app, deps, appSettingResource, { hooks: scopedHooks(checkCompensation) });
}
