import { MERCHANT_STATUSES } from '../enums.ts';
import { MERCHANT_KINDS } from '../data-center.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';
import { COUNTRY_CODE_PATTERN } from './tax.ts';

/**
 * Merchants (spec §3): a tree through `parentId` (the superior). Creating one also creates its
 * administrator account from `loginAccount` and `password`. Keys and ID numbers are secrets.
 */
export const merchantResource = defineResource({
  name: 'merchant',
  table: 'merchant',
  tenant: 'merchant',
  permissions: P.merchant,
  labelField: 'name',
  defaultSort: '-createdAt',
  fields: {
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    /** Shown beside the merchant's name, and in the navbar of its users (`partnerIcon`). */
    logo: f.image({ max: 500 }),
    parentId: f.ref('merchant', { search: 'eq', topLevelZero: true }),
    loginAccount: f.text({ required: true, min: 3, max: 64, createOnly: true, virtual: true, list: false }),
    password: f.password({ required: true, createOnly: true, virtual: true }),
    status: f.enum(MERCHANT_STATUSES, { default: 'normal', search: 'eq', sortable: true }),
    isOpen: f.bool({ default: true, search: 'eq' }),
    /** What kind of business it is (chain brand, distributor…): the merchant statistics group by it. */
    kind: f.enum(MERCHANT_KINDS, { search: 'eq' }),
    principal: f.text({ max: 64, search: 'like' }),
    contactNumber: f.phone({ search: 'like' }),
    organization: f.text({ max: 128, list: false }),
    /** ISO 3166-1 alpha-2: its taxes' rule and its currency follow it. */
    country: f.text({
      pattern: COUNTRY_CODE_PATTERN,
      message: 'msg.invalidCountryCode',
      search: 'eq',
      sortable: true,
    }),
    registrationAddress: f.text({ max: 255, list: false }),
    address: f.text({ max: 255, list: false }),
    businessLicense: f.image({ list: false, max: 500 }),
    idCardFront: f.image({ list: false, max: 500 }),
    idCardBack: f.image({ list: false, max: 500 }),
    legalPersonIdNumber: f.secret(),
    vatNumber: f.text({ max: 64, list: false }),
    companyRegistrationNumber: f.text({ max: 64, list: false }),
    invoiceUnifiedNumber: f.text({ max: 64, list: false }),
    invoiceAccountNumber: f.text({ max: 64, list: false }),
    posApiKey: f.secret(),
    posAccount: f.text({ max: 128, list: false }),
    appApiKey: f.secret(),
    appAccount: f.text({ max: 128, list: false }),
    appClientKey: f.secret(),
  },
});
