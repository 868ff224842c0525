/**
 * buildApp(deps): the Fastify instance with every route, used by main.ts and by the tests through
 * inject(). Nothing here opens a database or a broker: they are passed in.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createSerializerCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPlumbing, zodValidatorCompiler } from './platform/http/plumbing.ts';
import { answer } from './platform/http/answers.ts';
import { DISPLAY_TOKEN_PARAM, healthAnswer, healthDownAnswer } from '@brewfleet/contracts';
import { loggerOptions } from './platform/http/logger.ts';
import { registerGuard } from './platform/auth/guard.ts';
import { registerRateLimits, type RateLimits } from './platform/http/rate-limits.ts';
import { createSessions, type SessionOptions } from './platform/auth/sessions.ts';
import { createThrottle, DEFAULT_THROTTLE, type ThrottleOptions } from './platform/auth/throttle.ts';
import type { LoginKeys } from './platform/auth/keys.ts';
import type { Database } from './platform/db/client.ts';
import type { Mqtt } from './platform/mqtt/broker.ts';
import { registerAudit } from './platform/audit/operation-log.ts';
import { registerDrain } from './platform/http/drain.ts';
import { IMPORT_MAX_BYTES } from './platform/crud/spreadsheet.ts';
import { createSecretBox } from './platform/crud/secrets.ts';
import { registerImportProgress } from './platform/crud/import-progress.ts';
import { ResourceRegistry } from './platform/crud/registry.ts';
import { createDomainEvents, type DomainEvents } from './platform/events/domain-events.ts';
import type { AnyModule } from './platform/module.ts';
import { moduleSubscribers, registerModules, type Services } from './platform/module-runner.ts';
import { MODULES } from './modules/index.ts';
import { createJobRunner } from './platform/jobs/runner.ts';
import { registerJobRoutes } from './platform/jobs/routes.ts';
import type { JobRunner } from './platform/jobs/types.ts';

export interface AppDeps {
  database: Database;
  keys: LoginKeys;
  mqtt?: Pick<Mqtt, 'healthy'> | null;
  session?: SessionOptions;
  throttle?: ThrottleOptions;
  logLevel?: string;
  trustProxy?: boolean;
  /** DATA_DIR: uploads are kept under it. */
  dataDir: string;
  /** The 32-byte key that seals secret fields at rest. */
  dataKey: Buffer;
  /** Called for every route as it is registered (the route-coverage test reads them). */
  onRoute?: (route: import('fastify').RouteOptions) => void;
  /** Folder of the built console; served at / when it exists. */
  webDist?: string | null;
  /** MAP_TILE_URL, handed to the map page. */
  mapTileUrl?: string | null;
  /** The device gateway's counters, shown by /api/health once the gateway runs. */
  gatewayStats?: () => Record<string, number> | null;
  /** UPLOAD_QUOTA_MB in bytes: uploads kept per merchant; null: no quota. Default 1 GiB. */
  uploadQuotaBytes?: number | null;
  /** Limits on exports, imports, commands and large lists (tests lower them). */
  rateLimits?: Partial<RateLimits>;
  /** The modules to register (default: modules/index.ts; a test may add one of its own). */
  modules?: readonly AnyModule[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The services the modules offer, by module name: for main.ts and the tests, which start the
     * modules' demo and runtime parts; modules themselves get only what they declare they need.
     */
    services: Services;
    /** This app's registered resources (refs, pickers; the schema test reads them). */
    resources: ResourceRegistry;
    /** Domain events of this app: its routes, gateway and jobs publish; its live view listens. */
    domainEvents: DomainEvents;
    /** The job runner (platform/jobs): connects when first used, stops when the app closes. */
    jobs: JobRunner;
  }
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.logLevel ?? 'info'),
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // ids, limits and fields come as JSON; a query string of many keys is an attack, not a filter.
    routerOptions: { maxParamLength: 200 },
  });
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(zodValidatorCompiler as any);
  app.setSerializerCompiler(createSerializerCompiler());

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 },
    throwFileSizeLimit: true,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'BrewFleet API',
        version: '0.1.0',
        description:
          'Conventions: CONTRACT.md §3. Send the header `token` on every route but the public ones.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // The ordering app's member tokens (/api/app/v1, CONTRACT §7).
          bearer: { type: 'http', scheme: 'bearer' },
          // A display link's token (/api/display/, CONTRACT §7); the live stream also takes it in
          // the address, which an EventSource cannot send headers with.
          displayToken: { type: 'apiKey', in: 'header', name: 'X-Display-Token' },
          displayTokenParam: { type: 'apiKey', in: 'query', name: DISPLAY_TOKEN_PARAM },
        },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The contract's address of the document (CONTRACT §3); swagger-ui also serves it at /api/docs/json.
  app.get('/api/docs/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );
  await registerPlumbing(app);

  registerDrain(app);
  const db = deps.database.db;
  const sessions = createSessions(db, deps.session ?? { idleMinutes: 120, maxHours: 12 });
  const throttle = createThrottle(db, deps.throttle ?? DEFAULT_THROTTLE);
  registerGuard(app, sessions);
  await registerRateLimits(app, db, deps.rateLimits);
  registerAudit(app, db);
  const jobs = createJobRunner({ database: deps.database, log: app.log });
  app.decorate('jobs', jobs);
  // Runs under way may finish before the database goes (graceful shutdown waits for them briefly).
  app.addHook('onClose', () => jobs.stop());
  registerJobRoutes(app, jobs);

  app.get(
    '/api/health',
    {
      schema: { response: { ...answer(healthAnswer), 500: healthDownAnswer }, tags: ['health'] },
      config: { public: true },
    },
    async (_request, reply) => {
      const dbOk = await deps.database.ping();
      const mqttOk = deps.mqtt ? deps.mqtt.healthy() : false;
      const data = {
        status: dbOk && mqttOk ? 'ok' : 'degraded',
        db: dbOk ? 'ok' : 'down',
        mqtt: mqttOk ? 'ok' : 'down',
        ...(deps.gatewayStats?.() ? { gateway: deps.gatewayStats() } : {}),
      };
      // A load balancer reads the status code; the body says which part is down.
      if (data.status !== 'ok') return reply.code(500).send({ code: 500, msg: 'degraded', data });
      return data;
    },
  );

  registerImportProgress(app, db);
  const modules = deps.modules ?? MODULES;
  // Subscribers are added once the modules are registered (some are made from their services).
  const events = createDomainEvents({ database: deps.database, subscribers: [] });
  app.decorate('domainEvents', events);
  app.addHook('onClose', () => events.close());
  const resources = new ResourceRegistry();
  app.decorate('resources', resources);
  const services = registerModules(app, modules, {
    db,
    keys: deps.keys,
    secrets: createSecretBox(deps.dataKey),
    sessions,
    throttle,
    resources,
    dataDir: deps.dataDir,
    uploadQuotaBytes: deps.uploadQuotaBytes,
    mapTileUrl: deps.mapTileUrl ?? null,
    events,
    jobs,
    listen: (channel, onPayload) => deps.database.listen(channel, onPayload),
  });
  app.decorate('services', services);
  events.use(moduleSubscribers(modules, services));

  const webDist = deps.webDist === undefined ? DEFAULT_WEB_DIST : deps.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    // wildcard: files are looked up per request, so a console rebuilt while the server runs is served.
    await app.register(fastifyStatic, { root: webDist, wildcard: true, index: 'index.html', maxAge: '1h' });
  }
  return app;
}
