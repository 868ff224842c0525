/** What the ordering app shows of a merchant: its active banners and its settings. */
import { sql } from 'drizzle-orm';
import type { Compensation } from '@brewfleet/contracts';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { ancestorsOf, idArray } from './chains.ts';

export interface AppBanner {
  id: string;
  merchantId: string;
  storeId: string | null;
  title: string;
  /** An upload id. */
  image: string;
  link: string | null;
  sort: number;
  activeFrom: string | null;
  activeTo: string | null;
}

export interface AppSetting {
  id: string;
  merchantId: string;
  appName: string;
  logo: string | null;
  privacyText: string | null;
  compensation: Compensation;
  compensationCouponId: string | null;
}

const SETTING = sql`s.id::text, s.merchant_id::text as "merchantId", s.app_name as "appName", s.logo,
  s.privacy_text as "privacyText", s.compensation, s.compensation_coupon_id::text as "compensationCouponId"`;

/** For each merchant, the setting nearest up its chain (its own, else its parent's, …). */
export async function nearestSettings(
  tx: Db,
  merchantIds: Iterable<string>,
): Promise<Map<string, AppSetting>> {
  const chains = await ancestorsOf(tx, merchantIds);
  const all = [...new Set([...chains.values()].flat())];
  if (!all.length) return new Map();
  const found = await rows<AppSetting>(
    tx,
    sql`select ${SETTING} from app_setting s where s.merchant_id = any(${idArray(all)}::bigint[])`,
  );
  const byMerchant = new Map(found.map((s) => [s.merchantId, s]));
  const nearest = new Map<string, AppSetting>();
  for (const [merchantId, chain] of chains) {
    const setting = chain.map((id) => byMerchant.get(id)).find(Boolean);
    if (setting) nearest.set(merchantId, setting);
  }
  return nearest;
}

export function createAppContentService() {
  return {
    /**
     * Banners of these merchants that show now (enabled, within their active period), those of all
     * their stores and, given a store, that store's own; in their order. Given `reachDownTo` (a
     * member's merchant), the banners of the merchants above it too: a chain's banners reach down to
     * its sub-merchants' members, as its coupons and points rules do.
     */
    async banners(
      tx: Db,
      merchantIds: readonly string[],
      storeId?: string | null,
      reachDownTo?: string | null,
    ): Promise<AppBanner[]> {
      const above = reachDownTo ? ((await ancestorsOf(tx, [reachDownTo])).get(reachDownTo) ?? []) : [];
      merchantIds = [...new Set([...merchantIds, ...above])];
      if (!merchantIds.length) return [];
      return rows<AppBanner>(
        tx,
        sql`select id::text, merchant_id::text as "merchantId", store_id::text as "storeId", title, image, link, sort,
                   ${isoTime(sql`active_from`)} as "activeFrom", ${isoTime(sql`active_to`)} as "activeTo"
            from app_banner
            where merchant_id = any(${idArray(merchantIds)}::bigint[]) and enabled
              and (active_from is null or active_from <= now()) and (active_to is null or active_to > now())
              and (store_id is null or store_id = ${storeId ?? null}::bigint)
            order by sort, id`,
      );
    },
    /**
     * Whether an upload is one the app shows anyone: the image of a banner that is on or still to
     * come, or an app setting's logo (shown before signing in). Nothing else is served to the app.
     */
    async isAppImage(tx: Db, uploadId: string): Promise<boolean> {
      const [found] = await rows<{ yes: boolean }>(
        tx,
        sql`select exists (select 1 from app_banner where image = ${uploadId} and enabled
                             and (active_to is null or active_to > now()))
                or exists (select 1 from app_setting where logo = ${uploadId}) as yes`,
      );
      return found.yes;
    },
    /** The merchant's app setting, or the nearest one above it; undefined when none. */
    async appSetting(tx: Db, merchantId: string): Promise<AppSetting | undefined> {
      return (await nearestSettings(tx, [merchantId])).get(merchantId);
    },
  };
}
