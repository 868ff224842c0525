/**
 * Start-up: read the configuration, open the database and apply migrations, seed (every module, in
 * the list's order: modules/index.ts), make the demo data on a first start with DEMO=1, start the
 * broker with the access a module offers, start the modules' runtime parts, listen. SIGTERM/SIGINT close gracefully: stop accepting, finish in-flight requests, then close the
 * broker and the database.
 */
import { loadConfig, ConfigError, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { openPglite, openPostgres, type Database } from './platform/db/client.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { migrate } from './platform/db/migrate.ts';
import { embeddedAnalyzeJob } from './platform/db/embedded-analyze.ts';
import type { DefinedJobs } from './platform/jobs/types.ts';
import { loadLoginKeys } from './platform/auth/keys.ts';
import { loadDataKey } from './platform/crud/secrets.ts';
import { startMqtt, HOST_ERRORS, MqttStartError, type Mqtt } from './platform/mqtt/broker.ts';
// The platform administrator's account is made from ADMIN_PASSWORD here, at start-up, not by a module.
import { AdminPasswordError, ensureAdmin } from './modules/iam/seed.ts';
import { MODULES } from './modules/index.ts';
import {
  brokerAccessOf,
  demoModules,
  seedModules,
  startModules,
  type StartedModules,
} from './platform/module-runner.ts';
import fs from 'node:fs';

async function start(config: Config) {
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(config.DATA_DIR);
  let mqtt: Mqtt | null = null;
  let runtime: StartedModules | null = null;
  let maintenance: DefinedJobs | null = null;
  try {
    const applied = await migrate(database);
    await seedModules(MODULES, database.db);
    const admin = await ensureAdmin(database.db, config.ADMIN_PASSWORD);
    const keys = loadLoginKeys({ privateKeyPem: config.RSA_PRIVATE_KEY, dataDir: config.DATA_DIR });
    const dataKey = loadDataKey({ dataKey: config.DATA_KEY, dataDir: config.DATA_DIR });
    const app = await buildApp({
      database,
      keys,
      dataKey,
      dataDir: config.DATA_DIR,
      logLevel: config.LOG_LEVEL,
      trustProxy: config.TRUST_PROXY,
      session: { idleMinutes: config.SESSION_IDLE_MINUTES, maxHours: config.SESSION_MAX_HOURS },
      webDist: config.WEB_DIST,
      mapTileUrl: config.MAP_TILE_URL,
      uploadQuotaBytes: config.UPLOAD_QUOTA_MB ? config.UPLOAD_QUOTA_MB * 1024 * 1024 : null,
      mqtt: { healthy: () => mqtt?.healthy() ?? false },
      gatewayStats: () => runtime?.stats() ?? null,
    });
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (admin.created && config.DEMO)
      await demoModules(MODULES, {
        db: database.db,
        dataDir: config.DATA_DIR,
        resources: app.resources,
        services: app.services,
      });
    mqtt = await startMqtt({
      url: config.MQTT_URL,
      port: config.MQTT_PORT,
      host: config.HOST,
      log: app.log,
      access: brokerAccessOf(MODULES, database.db, app.services),
    });
    const broker = mqtt;
    let listened: (url: string) => void = () => {};
    const listening = new Promise<string>((resolve) => (listened = resolve));
    runtime = await startModules(
      MODULES,
      {
        db: database.db,
        log: app.log,
        client: broker.client,
        disconnect: (clientId) => broker.disconnect(clientId),
        events: app.domainEvents,
        jobs: app.jobs,
        shareGroup: config.MQTT_URL ? config.MQTT_SHARE_GROUP : null,
        dynsecAdmin: config.MQTT_DYNSEC ? decodeURIComponent(new URL(config.MQTT_URL!).username) : undefined,
        demo: config.DEMO,
        brokerUrl: broker.url,
        listening,
        dataDir: config.DATA_DIR,
      },
      app.services,
    );
    // PGlite has no autovacuum: its tables' statistics are gathered by a job (first run now, after the demo).
    if (database.kind === 'pglite') maintenance = await app.jobs.define([embeddedAnalyzeJob]);
    if (admin.generated) {
      // Printed once, on the console only: the operator must note it.
      console.log(
        `\nPlatform administrator: account "admin", password "${admin.generated}" (shown once; change it after signing in)\n`,
      );
    }

    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      // A port in use or an address not of this machine is bad configuration: one line naming it.
      if (code === 'EADDRINUSE')
        throw new ConfigError(`PORT: port ${config.PORT} is in use; set PORT to a free port (0 picks one)`);
      if (HOST_ERRORS.has(code))
        throw new ConfigError(
          `HOST: cannot listen on ${config.HOST}: ${(error as Error).message}; set HOST to an address of this machine`,
        );
      throw error;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
    console.log(`listening on http://${host}:${port}`);
    // The server's own parts call it on the loopback when it listens on every address.
    listened(`http://${['0.0.0.0', '::'].includes(config.HOST) ? '127.0.0.1' : host}:${port}`);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await app.close();
      await app.drain();
      await maintenance?.stop();
      await runtime?.stop();
      await mqtt?.close();
      await database.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  } catch (error) {
    await maintenance?.stop().catch(() => {});
    await runtime?.stop().catch(() => {});
    await mqtt?.close().catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
}

try {
  await start(loadConfig());
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof MqttStartError ||
    error instanceof DataDirInUseError ||
    error instanceof AdminPasswordError
  ) {
    console.error(error.message);
  } else {
    console.error('start-up failed:', (error as Error).message);
  }
  process.exit(1);
}
