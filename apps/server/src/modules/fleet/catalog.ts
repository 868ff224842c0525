/** The platform's machine catalog, debugging settings and what machines report: plain resources. */
import type { FastifyInstance } from 'fastify';
import {
  channelTypeResource,
  commandConfigResource,
  deviceModelResource,
  deviceTypeResource,
  presetCommandResource,
  productionRecordResource,
  faultLogResource,
  cleaningRecordResource,
  deviceLogResource,
  deviceCommandResource,
} from '@brewfleet/contracts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { FleetDeps } from './deps.ts';

export function registerCatalog(app: FastifyInstance, deps: FleetDeps) {
  // Deleting a type, model or channel type still in use is refused by its foreign key (409 "in use").
  registerResource(app, deps, deviceTypeResource);
  registerResource(app, deps, deviceModelResource);
  registerResource(app, deps, channelTypeResource);
  registerResource(app, deps, presetCommandResource);
  registerResource(app, deps, commandConfigResource);
  // What machines report: listed and exported, never written through the API.
  for (const def of [
    productionRecordResource,
    faultLogResource,
    cleaningRecordResource,
    deviceLogResource,
    deviceCommandResource,
  ])
    registerResource(app, deps, def);
}
