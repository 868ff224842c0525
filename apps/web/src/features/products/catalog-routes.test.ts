import { describe, expect, it } from 'vitest';
import { P } from '@brewfleet/contracts/permissions';
import { PRODUCT_FLOWS } from '@brewfleet/contracts/recipes';
import { FIXED_ROUTES } from '../../app/routing/fixed-routes';
import { WIZARD_ROUTES, WIZARD_TITLES } from './wizard-routes';

describe('catalog and product routes', () => {
  it('open the product flow on its fixed routes, with the create or update code', () => {
    for (const flow of Object.keys(PRODUCT_FLOWS)) expect(WIZARD_ROUTES).toHaveProperty(flow);
    for (const [name, route] of Object.entries(WIZARD_ROUTES)) {
      expect(FIXED_ROUTES[name], name).toMatchObject({
        permission: route.mode === 'edit' ? P.product.update : P.product.create,
        title: WIZARD_TITLES[name as keyof typeof WIZARD_TITLES],
      });
    }
  });
});
