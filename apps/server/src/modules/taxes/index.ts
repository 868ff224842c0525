/**
 * Taxes (issue 11 §3): a merchant's taxes and their allocations to product types and extra products,
 * the Tax Center's calculator, and the service that computes an order's tax lines (for orders).
 * Reads of the catalog, stores and merchants go through the resource registry (reads.ts).
 */
import { defineModule } from '../../platform/module.ts';
import { createReads } from './reads.ts';
import { registerTaxResources } from './resources.ts';
import { registerTaxPreview } from './preview.ts';
import { createTaxService, type TaxService } from './service.ts';
import { seedDemoTaxes } from './demo.ts';

export type { TaxService, TaxInput, TaxLineInput, TaxedLine, TaxedOrder } from './service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    taxes: TaxService;
  }
}

export const taxesModule = defineModule({
  name: 'taxes',
  tables: ['tax', 'tax_allocation'],
  // What an order line sells (products, extra products, their types) is the catalog's.
  needs: ['catalog'],
  register(app, deps) {
    const reads = createReads(deps.resources, deps.services.catalog);
    const taxes = createTaxService();
    registerTaxResources(app, deps, reads);
    registerTaxPreview(app, { db: deps.db, reads, taxes });
    return taxes;
  },
  demo: ({ db, resources }) => seedDemoTaxes(db, resources),
});
