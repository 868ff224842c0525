/**
 * The one shape of a server module (issue 14). A module declares, in one object, the tables it owns,
 * the services it needs from other modules, its routes and resources (register), its seed and demo
 * data, and what it runs beside HTTP (start/stop). The list in `modules/index.ts` drives buildApp,
 * main.ts, the test app and the demo: adding a domain is a folder and one line in that list.
 *
 * Services: a module's `register` returns its service (an object of functions over the database).
 * Other modules reach it only through `services`, narrowed to the names the module lists in `needs`
 * (the runner hands nothing else). The type of each service is declared where it is made, by
 * augmenting `ModuleServices`:
 *
 *     declare module '../../platform/module.ts' {
 *       interface ModuleServices { fleet: FleetService }
 *     }
 *
 * Tables: `tables` names every table the module's migrations create; no other module's SQL may name
 * them (test/table-ownership.test.ts) but to read those the owner declares `readable` (the tenant
 * tree). Another module asks the owner's service instead.
 *
 * Runtime: `brokerAccess` gives the platform's embedded broker its clients' credentials and topics;
 * `start` runs what works beside HTTP once the broker is up, and its `stop` ends it (reverse order).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MqttClient } from 'mqtt';
import type { Db } from './db/client.ts';
import type { LoginKeys } from './auth/keys.ts';
import type { SecretBox } from './crud/secrets.ts';
import type { Sessions } from './auth/sessions.ts';
import type { Throttle } from './auth/throttle.ts';
import type { ResourceRegistry } from './crud/registry.ts';
import type { BrokerAccess } from './mqtt/access.ts';
import type { AnySubscriber, DomainEvents } from './events/domain-events.ts';
import type { JobDefinition, JobRunner } from './jobs/types.ts';

/**
 * Each module's service, by module name. Empty here: every module that offers a service adds its
 * entry (declaration merging, see above), so that the platform names no domain.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

export type ModuleName = keyof ModuleServices;

/** The service a module called `Name` offers (nothing for a plain CRUD domain). */
export type ServiceOf<Name extends string> = Name extends ModuleName ? ModuleServices[Name] : void;

/** What buildApp hands every module (the platform's parts and the server's settings). */
export interface PlatformDeps {
  db: Db;
  keys: LoginKeys;
  secrets: SecretBox;
  sessions: Sessions;
  throttle: Throttle;
  /** This app's resources (a registry per app, not per process): refs and pickers resolve through it. */
  resources: ResourceRegistry;
  /** DATA_DIR: uploads are kept under it. */
  dataDir: string;
  /** UPLOAD_QUOTA_MB in bytes; null: no quota; absent: the default (1 GiB). */
  uploadQuotaBytes?: number | null;
  /** MAP_TILE_URL, or null for a map without tiles. */
  mapTileUrl: string | null;
  /** Domain events: a module publishes what happened in its writing transaction; live views listen. */
  events: DomainEvents;
  /** The platform's job runner. */
  jobs: JobRunner;
  /**
   * LISTEN on a channel of the module's own NOTIFYs (one connection per call on PostgreSQL, the
   * embedded database's own on PGlite); answers the way to stop. Domain events have `events`.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/** What a module's register() receives: the platform plus the services it declared it needs. */
export interface RegisterDeps<Needs extends ModuleName = never> extends PlatformDeps {
  services: Pick<ModuleServices, Needs>;
}

/** What a module's demo data is made with (DEMO=1, first start only). */
export interface DemoContext<Needs extends ModuleName = never> {
  db: Db;
  dataDir: string;
  /** The app's resources: demo rows go through their hooks, as the API's create does. */
  resources: ResourceRegistry;
  services: Pick<ModuleServices, Needs>;
  /**
   * Run `step` after every module's demo (in list order): data made from what later modules seed
   * (a fleet's history of cups sold from the menus' products).
   */
  later(step: () => Promise<void>): void;
}

/** What a module's runtime part (MQTT, timers) starts with, once the broker is up. */
export interface RuntimeContext<Needs extends ModuleName = never> {
  db: Db;
  log: FastifyBaseLogger;
  /** The server's own MQTT connection. */
  client: MqttClient;
  /** Domain events (the gateway publishes what machines did). */
  events: DomainEvents;
  /** The platform's job runner (command delivery, presence checks). */
  jobs: JobRunner;
  /** Ends a machine's (or other client's) session on the broker, by client id. */
  disconnect(clientId: string): void;
  /** External broker: the group of its MQTT 5 shared subscriptions; null with the embedded broker. */
  shareGroup: string | null;
  /** MQTT_DYNSEC: keep machine accounts in Mosquitto's dynamic-security plugin, as this user. */
  dynsecAdmin?: string;
  /** DEMO=1: run the demo's simulated parts (machines) too; they connect to `brokerUrl`. */
  demo?: boolean;
  brokerUrl?: string;
  /**
   * The server's own address, once it listens (runtime parts start before it does): what a part that
   * calls the server over HTTP (the demo's app customers) waits for. Absent in tests without HTTP.
   */
  listening?: Promise<string>;
  dataDir?: string;
  services: Pick<ModuleServices, Needs>;
}

/** A runtime part that was started: stopped in the reverse order of starting. */
export interface ModuleRuntime {
  stop(): Promise<void>;
  /** Counters shown by /api/health (the gateway's). */
  stats?(): Record<string, number>;
}

export interface ServerModule<Name extends string = string, Needs extends ModuleName = never> {
  name: Name;
  /** The tables this module's migrations create; only its SQL writes them, and (but `readable`) reads them. */
  tables: readonly string[];
  /**
   * Its tables any module may read, never write: the tenant tree (merchant, store) that every row's
   * scope and every list's names hang off. Everything else is asked of this module's service.
   */
  readable?: readonly string[];
  /** Modules whose services this one uses; they come earlier in the list. */
  needs?: readonly Needs[];
  /** Resources and routes; returns the module's service (undefined for a plain CRUD domain). */
  register(app: FastifyInstance, deps: RegisterDeps<Needs>): ServiceOf<Name>;
  /** Reference data every database needs (idempotent; run on every start, and by the test app). */
  seed?(db: Db): Promise<void>;
  /** Demo data (DEMO=1 on the first start), in list order. */
  demo?(ctx: DemoContext<Needs>): Promise<void>;
  /**
   * Who may use the platform's embedded broker, and how: the module that knows the broker's clients
   * (fleet: machines) offers it; one module at most. Given the module's own service.
   */
  brokerAccess?(db: Db, own: ServiceOf<Name>): BrokerAccess;
  /** The runtime beside HTTP (gateway, delivery, timers); started in list order after the broker. */
  start?(runtime: RuntimeContext<Needs>, own: ServiceOf<Name>): Promise<ModuleRuntime>;
  /**
   * Subscribers of domain events (platform/events): each runs inside the transaction that publishes
   * its event, with all the events of that publication. Given as a function, they are made once the
   * modules are registered, from the services the module needs (no module-global state).
   */
  subscribers?:
    readonly AnySubscriber[] | ((services: Pick<ModuleServices, Needs>) => readonly AnySubscriber[]);
  /**
   * Jobs the platform's runner works while the server runs (rollups, alerts): defined when the
   * module starts, in list order, stopped with it. A runtime part may define its own as well.
   */
  jobs?: readonly JobDefinition[];
}

/** A module as the list holds it (its `needs` erased). */
export type AnyModule = ServerModule<string, ModuleName>;

/** Declare a module: checks its shape and keeps its name and needs for the services' types. */
export function defineModule<Name extends string, Needs extends ModuleName = never>(
  module: ServerModule<Name, Needs>,
): AnyModule {
  return module as unknown as AnyModule;
}

/** Only the services `needs` names: a module cannot reach another it did not declare. */
export function servicesFor(
  module: AnyModule,
  all: Partial<ModuleServices>,
): Pick<ModuleServices, ModuleName> {
  const picked: Record<string, unknown> = {};
  for (const name of module.needs ?? []) {
    if (!(name in all))
      throw new Error(`module ${module.name} needs ${name}, which is not registered before it`);
    picked[name] = all[name];
  }
  return picked as Pick<ModuleServices, ModuleName>;
}
