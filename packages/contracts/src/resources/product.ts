/**
 * Products (issue 6 §2): what a machine makes and sells. Created through a flow of steps (product
 * information → materials → recipe → recipe combination → accessories), one flow per product family;
 * the recipe is checked against the family's parameter ranges (recipes.ts) before it is saved.
 */
import { MATERIAL_UNITS, PRODUCT_KINDS } from '../enums.ts';
import { MACHINE_FAMILIES } from '../device-protocol.ts';
import { P } from '../permissions.ts';
import { defineResource, f } from '../resource.ts';

export const PRODUCT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export const productResource = defineResource({
  name: 'product',
  table: 'product',
  tenant: 'merchant',
  permissions: P.product,
  labelField: 'name',
  defaultSort: 'sortOrder',
  fields: {
    // Product information
    name: f.text({ required: true, max: 128, search: 'like', sortable: true }),
    // The name per language (en, zh, tw): the console shows the viewer's, machines the customer's.
    names: f.localized('name'),
    code: f.text({ required: true, max: 64, pattern: PRODUCT_CODE_PATTERN, search: 'like', sortable: true }),
    merchantId: f.ref('merchant', { createOnly: true, search: 'eq' }),
    kind: f.enum(PRODUCT_KINDS, { default: 'drink', search: 'eq' }),
    family: f.enum(MACHINE_FAMILIES, { selectFilter: 'or-empty', required: true, search: 'eq' }),
    productTypeId: f.ref('product-type', { search: 'eq' }),
    price: f.money({ required: true, min: 0 }),
    deliveryPrice: f.money(),
    description: f.textarea({ max: 1000 }),
    sortOrder: f.int({ min: 0, max: 9999, default: 0, sortable: true }),
    // The product's pictures in order; the first is the cover shown in lists.
    images: f.images({ max: 6, default: [] }),
    listed: f.bool({ default: true, search: 'eq' }),
    orderable: f.bool({ default: true, search: 'eq' }),
    showSnacks: f.bool({ default: false }),
    // Materials: [{ materialId, amount, min, max, unit }]
    materialTypeId: f.ref('material-type', { list: false }),
    materials: f.json(),
    unit: f.enum(MATERIAL_UNITS, { default: 'g', list: false }),
    shelfLifeHours: f.int({ min: 0, max: 8760, list: false }),
    // Recipe and recipe combination: { steps, segments } and [{ optionIds, factor, priceChange }]
    recipe: f.json(),
    recipeCombos: f.json(),
    recipeVersion: f.int({ readOnly: true, default: 1, list: false }),
    optionTypeIds: f.refs('option-type'),
    // Accessories
    freeSmallMaterialIds: f.refs('small-material'),
    chargedSmallMaterialIds: f.refs('small-material'),
    snackIds: f.refs('snack'),
  },
});
