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
import { badRequest } from '../../platform/http/errors.ts';
import type { ModuleDeps } from '../deps.ts';
import { merchantOwned } from './owner.ts';
import { registerProducts } from './products.ts';
import { registerSales } from './sales.ts';

export { seedProductParameters } from './parameters.ts';

export function registerCatalogModule(app: FastifyInstance, deps: ModuleDeps) {
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
  ])
    registerResource(app, deps, def, { hooks: merchantOwned });
  registerResource(app, deps, productParameterResource, {
    hooks: {
      beforeUpdate(input, existing) {
        const min = Number(input.min ?? existing.min);
        const max = Number(input.max ?? existing.max);
        if (min > max)
          throw badRequest('msg.minAboveMax', {}, [{ field: 'min', message: 'msg.minAboveMax' }]);
        return input;
      },
    },
  });
  registerProducts(app, deps);
  registerSales(app, deps);
}
