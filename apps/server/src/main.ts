/**
 * Start-up: read the configuration, open the database and apply migrations, seed, start the broker,
 * listen. SIGTERM/SIGINT close gracefully: stop accepting, finish in-flight requests, then close the
 * broker and the database.
 */
import { loadConfig, ConfigError, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { openPglite, openPostgres, type Database } from './platform/db/client.ts';
import { migrate } from './platform/db/migrate.ts';
import { loadLoginKeys } from './platform/auth/keys.ts';
import { loadDataKey } from './platform/crud/secrets.ts';
import { startMqtt, MqttStartError, type Mqtt } from './platform/mqtt/broker.ts';
import {
  AdminPasswordError,
  ensureAdmin,
  grantNewMerchantAdminMenus,
  grantNewStoreStaffMenus,
  seedMenus,
} from './modules/iam/seed.ts';
import { seedProductParameters } from './modules/catalog/index.ts';
import { seedDemo } from './modules/iam/demo.ts';
import { seedDemoTenants } from './modules/tenancy/demo.ts';
import { seedDemoLogos } from './modules/tenancy/demo-logos.ts';
import { deviceAccess, startFleetRuntime, type FleetRuntime } from './modules/fleet/index.ts';
import { seedDemoFleet, startDemoFleet } from './modules/fleet/demo.ts';
import { seedDemoMenus } from './modules/menus/demo.ts';
import { seedDemoHistory } from './modules/fleet/demo-history/index.ts';
import { getRegistered } from './platform/crud/register-resource.ts';
import type { Fleet } from '@brewfleet/simulator';
import fs from 'node:fs';

async function start(config: Config) {
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const database: Database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL)
    : await openPglite(config.DATA_DIR);
  let mqtt: Mqtt | null = null;
  let fleet: FleetRuntime | null = null;
  let demoFleet: Fleet | null = null;
  try {
    const applied = await migrate(database);
    await seedMenus(database.db);
    await grantNewMerchantAdminMenus(database.db);
    await grantNewStoreStaffMenus(database.db);
    await seedProductParameters(database.db);
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
      gatewayStats: () => (fleet ? { ...fleet.gateway.stats() } : null),
    });
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (admin.created && config.DEMO) {
      await seedDemo(database.db);
      await seedDemoTenants(database.db);
      await seedDemoLogos(database.db, config.DATA_DIR);
      await seedDemoFleet(database.db);
      await seedDemoMenus(database.db, { devices: getRegistered('device'), bus: app.fleetBus });
      await seedDemoHistory(database.db);
    }
    mqtt = await startMqtt({
      url: config.MQTT_URL,
      port: config.MQTT_PORT,
      host: config.HOST,
      log: app.log,
      access: deviceAccess(database.db),
      onDiscarded: (packet) => app.fleetBus.emit('packetDiscarded', packet),
    });
    const broker = mqtt;
    app.fleetBus.on('credentialsRotated', (serialNumber) => broker.disconnect(serialNumber));
    fleet = await startFleetRuntime({
      db: database.db,
      client: mqtt.client,
      log: app.log,
      bus: app.fleetBus,
      shareGroup: config.MQTT_URL ? config.MQTT_SHARE_GROUP : null,
      dynsecAdmin: config.MQTT_DYNSEC ? decodeURIComponent(new URL(config.MQTT_URL!).username) : undefined,
    });
    if (config.DEMO)
      demoFleet = await startDemoFleet({
        db: database.db,
        url: mqtt.url,
        log: app.log,
        dataDir: config.DATA_DIR,
      });
    if (admin.generated) {
      // Printed once, on the console only: the operator must note it.
      console.log(
        `\nPlatform administrator: account "admin", password "${admin.generated}" (shown once; change it after signing in)\n`,
      );
    }

    await app.listen({ port: config.PORT, host: config.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
    console.log(`listening on http://${host}:${port}`);

    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      await app.close();
      await app.drain();
      await demoFleet?.stop();
      await fleet?.close();
      await mqtt?.close();
      await database.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  } catch (error) {
    await demoFleet?.stop().catch(() => {});
    await fleet?.close().catch(() => {});
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
    error instanceof AdminPasswordError
  ) {
    console.error(error.message);
  } else {
    console.error('start-up failed:', (error as Error).message);
  }
  process.exit(1);
}
