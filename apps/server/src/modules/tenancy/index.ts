/** Tenancy: merchants (a hierarchy) and stores. */
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../deps.ts';
import { registerMerchants } from './merchants.ts';
import { registerStores } from './stores.ts';

export function registerTenancy(app: FastifyInstance, deps: ModuleDeps) {
  registerMerchants(app, deps);
  registerStores(app, deps);
}
