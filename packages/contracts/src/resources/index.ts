import type { ResourceDef } from '../resource.ts';
import { accountResource } from './account.ts';
import { menuResource } from './menu.ts';
import { operationLogResource } from './operation-log.ts';
import { organizationResource } from './organization.ts';
import { roleResource } from './role.ts';
import { merchantResource } from './merchant.ts';
import { storeResource } from './store.ts';
import { deviceTypeResource } from './device-type.ts';
import { deviceModelResource } from './device-model.ts';
import { deviceResource } from './device.ts';
import {
  productionRecordResource,
  faultLogResource,
  cleaningRecordResource,
  deviceLogResource,
  deviceCommandResource,
} from './device-records.ts';
import { channelTypeResource, channelConfigResource, deviceChannelResource } from './channels.ts';
import { presetCommandResource, commandConfigResource } from './commands.ts';
import {
  productTypeResource,
  materialTypeResource,
  smallMaterialTypeResource,
  snackTypeResource,
  extraProductTypeResource,
  materialResource,
  smallMaterialResource,
  snackResource,
  optionTypeResource,
  optionResource,
  productParameterResource,
  codeRuleResource,
  extraProductResource,
} from './catalog.ts';
import { productResource } from './product.ts';
import { storeProductResource, machineProductResource } from './sales.ts';
import { menuReleaseResource } from './menu-release.ts';
import { taxResource, taxAllocationResource } from './tax.ts';
import { orderResource } from './order.ts';
import {
  memberResource,
  walletEntryResource,
  pointsEntryResource,
  pointsRuleResource,
  couponResource,
  memberCouponResource,
} from './member.ts';
import { appBannerResource, appSettingResource } from './app.ts';
import {
  uberAccountResource,
  deliveryStoreResource,
  takeoutProductResource,
  deliveryListingChangeResource,
} from './delivery.ts';
import { displayLinkResource } from './display-link.ts';
import { extractionProfileResource, calibrationReadingResource } from './quality.ts';

export {
  accountResource,
  menuResource,
  operationLogResource,
  organizationResource,
  roleResource,
  merchantResource,
  storeResource,
  deviceTypeResource,
  deviceModelResource,
  deviceResource,
  productionRecordResource,
  faultLogResource,
  cleaningRecordResource,
  deviceLogResource,
  deviceCommandResource,
  channelTypeResource,
  channelConfigResource,
  deviceChannelResource,
  presetCommandResource,
  commandConfigResource,
  productTypeResource,
  materialTypeResource,
  smallMaterialTypeResource,
  snackTypeResource,
  extraProductTypeResource,
  materialResource,
  smallMaterialResource,
  snackResource,
  optionTypeResource,
  optionResource,
  productParameterResource,
  codeRuleResource,
  extraProductResource,
  productResource,
  storeProductResource,
  machineProductResource,
  menuReleaseResource,
  taxResource,
  taxAllocationResource,
  orderResource,
  memberResource,
  walletEntryResource,
  pointsEntryResource,
  pointsRuleResource,
  couponResource,
  memberCouponResource,
  appBannerResource,
  appSettingResource,
  uberAccountResource,
  deliveryStoreResource,
  takeoutProductResource,
  deliveryListingChangeResource,
  displayLinkResource,
  extractionProfileResource,
  calibrationReadingResource,
};

/** Every declared resource, by name: the web's generic pages and the server's checks walk this. */
export const RESOURCES: Record<string, ResourceDef> = Object.fromEntries(
  [
    accountResource,
    roleResource,
    organizationResource,
    menuResource,
    operationLogResource,
    merchantResource,
    storeResource,
    deviceTypeResource,
    deviceModelResource,
    deviceResource,
    productionRecordResource,
    faultLogResource,
    cleaningRecordResource,
    deviceLogResource,
    deviceCommandResource,
    channelTypeResource,
    channelConfigResource,
    deviceChannelResource,
    presetCommandResource,
    commandConfigResource,
    productTypeResource,
    materialTypeResource,
    smallMaterialTypeResource,
    snackTypeResource,
    extraProductTypeResource,
    materialResource,
    smallMaterialResource,
    snackResource,
    optionTypeResource,
    optionResource,
    productParameterResource,
    codeRuleResource,
    extraProductResource,
    productResource,
    storeProductResource,
    machineProductResource,
    menuReleaseResource,
    // A tax before its allocations (generic tests make rows in this order).
    taxResource,
    taxAllocationResource,
    orderResource,
    // A member and a coupon before what refers to them.
    memberResource,
    couponResource,
    pointsRuleResource,
    walletEntryResource,
    pointsEntryResource,
    memberCouponResource,
    appBannerResource,
    appSettingResource,
    uberAccountResource,
    deliveryStoreResource,
    takeoutProductResource,
    deliveryListingChangeResource,
    displayLinkResource,
    // Profiles, then the readings that name a machine and a cup.
    extractionProfileResource,
    calibrationReadingResource,
  ].map((r) => [r.name, r]),
);
