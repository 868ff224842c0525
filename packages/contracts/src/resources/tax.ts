/**
 * Taxes (issue 11 §3): what a merchant charges, and on what. A tax names its rate and base, the
 * country whose rule computes it (prices include tax in TW, JP, the EU, GB, CN, HK; US and CA add
 * it on top: tax.ts), the order type it is for (`type`) and what kind of tax it is (`taxType`).
 * An allocation gives a tax to a product type or to an extra product (a packaging bag); for one
 * country and order type, each of them has at most one tax.
 */
import { TAX_TYPES } from '../enums.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';
import { COUNTRY_CODES } from '../countries.ts';

export type TaxType = (typeof TAX_TYPES)[number];

/**
 * What kind of tax a row is, as receipts and reports name it: value-added tax (EU, GB, CN), sales
 * tax (US, CA), consumption tax (JP), goods and services tax (SG, AU, CA's GST), business tax (TW's
 * 營業稅), or another. The kind is a label; the computation follows the country.
 */
export const TAX_KINDS = ['vat', 'sales', 'consumption', 'gst', 'business', 'other'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** The order types a tax applies to: eaten in, packed to take away, sold through a delivery platform. */
export const TAX_ORDER_TYPES = ['dine-in', 'pack', 'platform-takeaway'] as const;
export type TaxOrderType = (typeof TAX_ORDER_TYPES)[number];

/** A tax of each type (spec §3) is for orders of one type: a packaging tax for packed orders. */
export const ORDER_TYPE_OF_TAX_TYPE: Readonly<Record<TaxType, TaxOrderType>> = {
  'dine-in': 'dine-in',
  packaging: 'pack',
  'platform-takeaway': 'platform-takeaway',
};

/** A percentage from 0 to 100 with at most four decimals ("5", "8.875", "100"). */
export const PERCENT_PATTERN = /^(?:100(?:\.0{1,4})?|\d{1,2}(?:\.\d{1,4})?)$/;
/** A country of ISO 3166-1 alpha-2, either case on input ("tw"); stored upper case. "XX" is none. */
export const COUNTRY_CODE_PATTERN = new RegExp(`^(?:${COUNTRY_CODES.join('|')})$`, 'i');

export const taxResource = defineResource({
  name: 'tax',
  table: 'tax',
  tenant: 'merchant',
  permissions: P.tax,
  hint: 'taxPages.taxHint',
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    name: f.text({ required: true, max: 64, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
    // No length bound of its own: the pattern says what is wrong ("Taiwan" is not a code).
    country: f.text({
      required: true,
      pattern: COUNTRY_CODE_PATTERN,
      message: 'msg.invalidCountryCode',
      search: 'eq',
      sortable: true,
    }),
    type: f.enum(TAX_TYPES, { required: true, search: 'eq' }),
    taxType: f.enum(TAX_KINDS, { default: 'vat', search: 'eq' }),
    rate: f.text({ required: true, max: 8, pattern: PERCENT_PATTERN, message: 'msg.invalidPercent' }),
    base: f.text({ max: 8, pattern: PERCENT_PATTERN, message: 'msg.invalidPercent', default: '100' }),
    remarks: f.textarea({ max: 500 }),
  },
});

/**
 * A tax given to a product type or to an extra product. Its order type and country are the tax's
 * (set by the server), so that a product type has one tax per order type in each country.
 */
export const taxAllocationResource = defineResource({
  name: 'tax-allocation',
  table: 'tax_allocation',
  tenant: 'merchant',
  permissions: P.taxAllocation,
  hint: 'taxPages.allocationHint',
  labelField: 'taxId',
  defaultSort: '-createdAt',
  fields: {
    taxId: f.ref('tax', { required: true, search: 'eq' }),
    productTypeId: f.ref('product-type', { search: 'eq' }),
    extraProductId: f.ref('extra-product', { search: 'in' }),
    orderType: f.enum(TAX_ORDER_TYPES, { readOnly: true, search: 'eq' }),
    country: f.text({ readOnly: true, max: 2, search: 'eq' }),
  },
});
