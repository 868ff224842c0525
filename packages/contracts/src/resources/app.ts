/**
 * The ordering app (issue 12): the banners it shows, and its settings per merchant (name, logo,
 * privacy text, and how a bad cup on a member's order is made good).
 */
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

/**
 * An external link (spec §5: begins with http, https, mailto or tel), with something after the
 * scheme. Empty: the banner opens nothing.
 */
export const EXTERNAL_LINK_PATTERN =
  /^(?:https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?(?:[/?#]\S*)?|mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9][0-9 ()-]{2,30})$/;

/** What a member gets when a machine makes a bad cup of their order: nothing, a coupon, or the line's money back. */
export const COMPENSATIONS = ['none', 'coupon', 'wallet'] as const;
export type Compensation = (typeof COMPENSATIONS)[number];

export const appBannerResource = defineResource({
  name: 'app-banner',
  table: 'app_banner',
  tenant: 'merchant',
  permissions: P.appBanner,
  labelField: 'title',
  defaultSort: 'sort',
  fields: {
    title: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    /** Shown in one store's app pages only; none: in every store of the merchant. */
    storeId: f.ref('store', { search: 'eq' }),
    image: f.image({ required: true }),
    link: f.text({ max: 500, pattern: EXTERNAL_LINK_PATTERN, message: 'msg.externalLinkInvalid' }),
    sort: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
    activeFrom: f.datetime({ search: 'range', sortable: true }),
    activeTo: f.datetime({ sortable: true }),
    enabled: f.bool({ default: true, search: 'eq' }),
  },
});

export const appSettingResource = defineResource({
  name: 'app-setting',
  table: 'app_setting',
  tenant: 'merchant',
  permissions: P.appSetting,
  labelField: 'appName',
  defaultSort: 'appName',
  disable: ['delete'],
  fields: {
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    appName: f.text({ required: true, max: 64, search: 'like' }),
    logo: f.image({}),
    privacyText: f.textarea({ max: 20000 }),
    compensation: f.enum(COMPENSATIONS, { default: 'wallet' }),
    /** The coupon given for a bad cup (compensation `coupon`). */
    compensationCouponId: f.ref('coupon', {}),
  },
});
