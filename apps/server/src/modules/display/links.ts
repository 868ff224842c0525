/**
 * The `display-link` resource (contracts resources/display-link.ts): declare-once CRUD with hooks for
 * what is special — the scope (a store's link belongs to the store's merchant), the expiry (in the
 * future, at most DISPLAY_LINK_MAX_DAYS ahead, DISPLAY_LINK_DEFAULT_DAYS when not given), the token
 * (made here, answered once with the link's address, only its hash kept) and revoking (`revoke: true`
 * on update sets revoked_at for good). Another tenant's store or merchant is refused as any
 * reference outside the caller's scope is (checkReferences: 400 msg.refNotFound).
 */
import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  DISPLAY_LINK_DEFAULT_DAYS,
  DISPLAY_LINK_MAX_DAYS,
  DISPLAY_TOKEN_PARAM,
  displayLinkResource,
  type DisplayDashboardChoice,
} from '@brewfleet/contracts';
import type { FastifyInstance } from 'fastify';
import { rows, type Db } from '../../platform/db/client.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { ResourceDeps, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hashDisplayToken, newDisplayToken } from './tokens.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';

const DAY_MS = 86_400_000;

/** The address a lobby screen opens: the first dashboard the link allows, with its token. */
export function linkUrl(origin: string, dashboards: DisplayDashboardChoice, token: string): string {
  const board = dashboards === 'dataShow' ? 'dataShow' : 'operation';
  return `${origin}/#/${board}?${DISPLAY_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

function checkedExpiry(value: unknown): Date {
  const at =
    value == null ? new Date(Date.now() + DISPLAY_LINK_DEFAULT_DAYS * DAY_MS) : new Date(String(value));
  const ms = at.getTime() - Date.now();
  if (Number.isNaN(ms) || ms <= 0 || ms > DISPLAY_LINK_MAX_DAYS * DAY_MS)
    throw new AppError('msg.displayExpiryRange', { days: DISPLAY_LINK_MAX_DAYS }, [
      { field: 'expiresAt', message: 'msg.displayExpiryRange', params: { days: DISPLAY_LINK_MAX_DAYS } },
    ]);
  return at;
}

/** The link's merchant: the store's when a store is named (its merchant must agree), else the given or the caller's. */
async function ownerOf(db: Db, input: Row, callerMerchant: string | null) {
  let merchantId = (input.merchantId as string | null | undefined) ?? null;
  const storeId = (input.storeId as string | null | undefined) ?? null;
  if (storeId) {
    // In the caller's scope: checkReferences has already refused a store it cannot see.
    const [store] = await rows<{ merchantId: string }>(
      db,
      sql`select merchant_id::text as "merchantId" from store where id = ${storeId}`,
    );
    if (!store)
      throw new AppError('msg.refNotFound', { field: 'storeId' }, [
        { field: 'storeId', message: 'msg.refNotFound' },
      ]);
    if (merchantId && merchantId !== store.merchantId)
      throw new AppError('msg.displayStoreNotOfMerchant', {}, [
        { field: 'storeId', message: 'msg.displayStoreNotOfMerchant' },
      ]);
    merchantId = store.merchantId;
  }
  merchantId ??= callerMerchant;
  if (!merchantId)
    throw new AppError('msg.merchantRequired', {}, [
      { field: 'merchantId', message: 'msg.merchantRequired' },
    ]);
  return { merchantId, storeId };
}

export function registerDisplayLinks(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, displayLinkResource, {
    extraColumns: { tokenHash: text('token_hash') },
    hooks: {
      async beforeCreate(input, ctx) {
        const owner = await ownerOf(ctx.db, input, ctx.user.merchantId);
        const token = newDisplayToken();
        const dashboards = (input.dashboards as DisplayDashboardChoice | undefined) ?? 'both';
        return {
          ...input,
          ...owner,
          dashboards,
          expiresAt: checkedExpiry(input.expiresAt),
          tokenHash: hashDisplayToken(token),
          revokedAt: null,
          lastUsedAt: null,
          useCount: 0,
          // Not columns: what the create answer shows once.
          token,
          url: linkUrl(publicOrigin(ctx.request), dashboards, token),
        };
      },
      respondShape: { token: z.string(), url: z.string() },
      respond: (item, values) => ({ ...item, token: values.token, url: values.url }),
      beforeUpdate(input, existing) {
        const values: Row = { ...input };
        if (input.expiresAt !== undefined) values.expiresAt = checkedExpiry(input.expiresAt);
        // Revoking is for good: `revoke: false` never brings a link back (make a new one).
        if (input.revoke === true && !existing.revokedAt) values.revokedAt = new Date();
        delete values.revoke;
        return values;
      },
    },
  });
}
