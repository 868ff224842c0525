/** The catalog (issue 6): types, materials, toppings, snacks, options, parameters, products, sales. */
import type { FastifyInstance } from 'fastify';
import {
  extraProductResource,
  extraProductTypeResource,
  materialResource,
  materialTypeResource,
  optionResource,
  optionTypeResource,
  productParameterResource,
  productTypeResource,
  smallMaterialResource,
  smallMaterialTypeResource,
  snackResource,
  snackTypeResource,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ResourceHooks, Row } from '../../platform/crud/types.ts';
import type { ModuleDeps } from '../deps.ts';
import { refuseWhileProductsUse } from './in-use.ts';
import { inheritsCatalog, openInheritedImages } from './inherited.ts';
import { merchantOwned } from './owner.ts';
import { registerProducts } from './products.ts';
import { registerSales } from './sales.ts';

import { seedProductParameters } from './parameters.ts';
import { defineModule } from '../../platform/module.ts';
import { createCatalogService, type CatalogService } from './service.ts';

export { seedProductParameters };

/**
 * A material's dose range: the minimum not above the maximum, on create and on update (a value not
 * sent is the stored one; one sent as empty clears it).
 */
function checkMaterialRange(input: Row, existing: Row = {}): void {
  const pick = (key: 'min' | 'max') => (key in input ? input[key] : existing[key]);
  const [min, max] = [pick('min'), pick('max')];
  if (min == null || max == null || Number(min) <= Number(max)) return;
  const params = { min: Number(min), max: Number(max) };
  throw new AppError('msg.materialMinAboveMax', params, [
    { field: 'max' in input ? 'max' : 'min', message: 'msg.materialMinAboveMax', params },
  ]);
}

const materialHooks: ResourceHooks = {
  beforeCreate(input, ctx) {
    checkMaterialRange(input);
    return merchantOwned.beforeCreate!(input, ctx);
  },
  beforeUpdate(input, existing) {
    checkMaterialRange(input, existing);
    return input;
  },
};

/** The catalog: what merchants sell (types, materials, toppings, snacks, options, products, sales). */
export const catalogModule = defineModule({
  name: 'catalog',
  tables: [
    'product_type',
    'material_type',
    'small_material_type',
    'snack_type',
    'extra_product_type',
    'material',
    'small_material',
    'snack',
    'option_type',
    'product_option',
    'product_parameter',
    'code_rule',
    'extra_product',
    'product',
    'store_product',
    'machine_product',
  ],
  // files: a sub-merchant sees the images of the products it inherits.
  needs: ['files'],
  register(app, deps) {
    registerCatalog(app, deps);
    deps.services.files.readAlso((tx, user) => openInheritedImages(tx, user));
    return createCatalogService();
  },
  seed: seedProductParameters,
});

declare module '../../platform/module.ts' {
  interface ModuleServices {
    catalog: CatalogService;
  }
}

function registerCatalog(app: FastifyInstance, deps: ModuleDeps) {
  for (const def of [
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
    extraProductResource,
  ]) {
    const hooks = def === materialResource ? materialHooks : merchantOwned;
    registerResource(app, deps, def, {
      // A sub-merchant reads (never changes) its ancestors' catalog: inherited.ts.
      hooks: { ...hooks, beforeDelete: refuseWhileProductsUse(def.name), inherited: inheritsCatalog },
    });
  }
  registerResource(app, deps, productParameterResource, {
    hooks: {
      beforeUpdate(input, existing) {
        const min = Number(input.min ?? existing.min);
        const max = Number(input.max ?? existing.max);
        if (min > max)
          throw new AppError('msg.minAboveMax', {}, [{ field: 'min', message: 'msg.minAboveMax' }]);
        return input;
      },
    },
  });
  registerProducts(app, deps);
  registerSales(app, deps);
}
