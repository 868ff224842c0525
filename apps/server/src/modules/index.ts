/**
 * The server's modules, in the order they register, seed, make demo data and start (a module comes
 * after those whose services it needs). buildApp, main.ts, the test app and the demo all read this
 * list: adding a domain is a folder with its `defineModule({...})` and one line here (plus its
 * migration, locales and menu entries). See platform/module.ts and docs/architecture.md.
 */
import type { AnyModule } from '../platform/module.ts';
import { iamModule } from './iam/index.ts';
import { filesModule } from './files/index.ts';
import { tenancyModule } from './tenancy/index.ts';
import { fleetModule } from './fleet/index.ts';
import { catalogModule } from './catalog/index.ts';
import { qualityModule } from './quality/index.ts';
import { menusModule } from './menus/index.ts';
import { taxesModule } from './taxes/index.ts';
import { ordersModule } from './orders/index.ts';
import { membersModule } from './members/index.ts';
import { appModule } from './app/index.ts';
import { homeModule } from './home/index.ts';
import { deliveryModule } from './delivery/index.ts';
import { datacenterModule } from './datacenter/index.ts';
import { displayModule } from './display/index.ts';
import { driftModule } from './drift/index.ts';

export const MODULES: readonly AnyModule[] = [
  iamModule,
  filesModule,
  tenancyModule,
  fleetModule,
  catalogModule,
  qualityModule,
  menusModule,
  taxesModule,
  ordersModule,
  membersModule,
  appModule,
  homeModule,
  deliveryModule,
  datacenterModule,
  displayModule,
  driftModule,
];

/**
 * Tables of the platform itself (sessions, sign-in throttling, the operation log, import progress,
 * rate limits, jobs): no module owns them. The ownership test checks that every table of the schema
 * is one module's or in this list.
 */
export const PLATFORM_TABLES: readonly string[] = [
  'schema_migration',
  'session',
  'auth_epoch',
  'login_throttle',
  'operation_log',
  'import_progress',
  'rate_limit',
  'platform_job',
  'idempotency_key',
];
