/**
 * The catalog a merchant sells from (issue 6 §1): product, material, small-material (toppings),
 * snack and option types, materials, toppings, snacks, options, extra products, the code rule.
 * Each belongs to a merchant (a chain's sub-merchants use their parent's catalog through products).
 */
import { EXTRA_PRODUCT_KINDS, MATERIAL_UNITS } from '../enums.ts';
import { MACHINE_FAMILIES } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f, type FieldDef, type ResourcePermissions } from '../resource.ts';

const owner = {
  merchantId: f.ref('merchant', { createOnly: true, search: 'eq', ownerPicker: 'platform' }),
};
const named = (max = 64): { name: FieldDef } => ({
  name: f.text({ required: true, max, search: 'like', sortable: true }),
});
const typeResource = (name: string, table: string, permissions: ResourcePermissions) =>
  defineResource({
    name,
    table,
    tenant: 'merchant',
    permissions,
    labelField: 'name',
    defaultSort: 'sortOrder',
    fields: {
      ...named(),
      ...owner,
      sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
      description: f.textarea({ max: 500 }),
    },
  });

export const productTypeResource = typeResource('product-type', 'product_type', P.productType);
export const materialTypeResource = typeResource('material-type', 'material_type', P.materialType);
export const smallMaterialTypeResource = typeResource(
  'small-material-type',
  'small_material_type',
  P.smallMaterialType,
);
export const snackTypeResource = typeResource('snack-type', 'snack_type', P.snackType);
export const extraProductTypeResource = typeResource(
  'extra-product-type',
  'extra_product_type',
  P.extraProductType,
);

/** Materials: what channels hold and recipes dose (unit, shelf life, the dose range). */
export const materialResource = defineResource({
  name: 'material',
  table: 'material',
  tenant: 'merchant',
  permissions: P.material,
  hint: 'catalogPages.materialHint',
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    ...named(128),
    names: f.localized('name'),
    ...owner,
    code: f.text({ max: 64, search: 'like' }),
    materialTypeId: f.ref('material-type', { search: 'eq' }),
    unit: f.enum(MATERIAL_UNITS, { required: true, default: 'g', search: 'eq' }),
    shelfLifeHours: f.int({ min: 0, max: 8760 }),
    min: f.number({ min: 0, max: 100_000 }),
    max: f.number({ min: 0, max: 100_000 }),
    description: f.textarea({ max: 500 }),
  },
});

/** Small materials: toppings, free or charged. */
export const smallMaterialResource = defineResource({
  name: 'small-material',
  table: 'small_material',
  tenant: 'merchant',
  permissions: P.smallMaterial,
  hint: 'catalogPages.smallMaterialHint',
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    ...named(),
    names: f.localized('name'),
    ...owner,
    smallMaterialTypeId: f.ref('small-material-type', { search: 'eq' }),
    charged: f.bool({ default: false, search: 'eq' }),
    price: f.money({ default: '0.00', min: 0 }),
    materialId: f.ref('material'),
    amount: f.number({ min: 0, max: 1000 }),
    unit: f.enum(MATERIAL_UNITS, { default: 'g' }),
  },
});

export const snackResource = defineResource({
  name: 'snack',
  table: 'snack',
  tenant: 'merchant',
  permissions: P.snack,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    ...named(128),
    names: f.localized('name'),
    ...owner,
    snackTypeId: f.ref('snack-type', { search: 'eq' }),
    price: f.money({ required: true, min: 0 }),
    image: f.image({ list: false, max: 500 }),
    listed: f.bool({ default: true, search: 'eq' }),
    description: f.textarea({ max: 500 }),
  },
});

/** Option ("norms", specification) types: size, sugar, ice …; one or several choices. */
export const optionTypeResource = defineResource({
  name: 'option-type',
  table: 'option_type',
  tenant: 'merchant',
  permissions: P.optionType,
  labelField: 'name',
  defaultSort: 'sortOrder',
  fields: {
    ...named(),
    names: f.localized('name'),
    ...owner,
    multiple: f.bool({ default: false }),
    required: f.bool({ default: true }),
    sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
  },
});

/** An option: its price change, and how much it scales the recipe's amounts (a large cup: 1.4). */
export const optionResource = defineResource({
  name: 'option',
  table: 'product_option',
  tenant: 'merchant',
  permissions: P.option,
  hint: 'catalogPages.optionHint',
  labelField: 'name',
  defaultSort: 'sortOrder',
  fields: {
    ...named(),
    names: f.localized('name'),
    ...owner,
    optionTypeId: f.ref('option-type', { required: true, search: 'eq' }),
    priceChange: f.money({ default: '0.00' }),
    amountFactor: f.number({ min: 0, max: 5, default: 1 }),
    isDefault: f.bool({ default: false }),
    sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
  },
});

/** Recipe parameters per machine family and their ranges (the platform's; seeded, edited only). */
export const productParameterResource = defineResource({
  name: 'product-parameter',
  table: 'product_parameter',
  tenant: 'none',
  permissions: P.productParameter,
  hint: 'catalogPages.parameterHint',
  labelField: 'key',
  defaultSort: 'family',
  disable: ['create', 'delete'],
  fields: {
    family: f.enum(MACHINE_FAMILIES, {
      selectFilter: 'or-empty',
      readOnly: true,
      search: 'eq',
      sortable: true,
    }),
    key: f.text({ readOnly: true, search: 'like' }),
    unit: f.text({ readOnly: true }),
    name: f.text({ required: true, max: 64 }),
    twName: f.text({ required: true, max: 64 }),
    enName: f.text({ required: true, max: 64 }),
    min: f.number({ required: true, min: -100_000, max: 100_000 }),
    max: f.number({ required: true, min: -100_000, max: 100_000 }),
  },
});

/** The code rule: new product codes are prefix + a running number + suffix (with a live preview). */
export const codeRuleResource = defineResource({
  name: 'code-rule',
  table: 'code_rule',
  tenant: 'merchant',
  permissions: P.codeRule,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    ...named(),
    ...owner,
    prefix: f.text({ max: 16, pattern: /^[A-Za-z0-9_-]*$/ }),
    suffix: f.text({ max: 16, pattern: /^[A-Za-z0-9_-]*$/ }),
    digits: f.int({ min: 1, max: 10, default: 4 }),
    nextNumber: f.int({ min: 1, max: 2_000_000_000, default: 1 }),
  },
});

/**
 * Extra products (packaging, delivery add-ons). Their tax is a tax allocation (resources/tax.ts);
 * the inline tax fields of earlier versions became taxes and allocations (migration 0024).
 */
export const extraProductResource = defineResource({
  name: 'extra-product',
  table: 'extra_product',
  tenant: 'merchant',
  permissions: P.extraProduct,
  labelField: 'name',
  defaultSort: 'name',
  fields: {
    ...named(128),
    ...owner,
    extraProductTypeId: f.ref('extra-product-type', { search: 'eq' }),
    price: f.money({ required: true, min: 0 }),
    kind: f.enum(EXTRA_PRODUCT_KINDS, { default: 'other', search: 'eq' }),
    listed: f.bool({ default: true, search: 'eq' }),
  },
});
