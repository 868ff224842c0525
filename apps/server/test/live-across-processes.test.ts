/**
 * Domain events after commit (issue 14 §3): two server "processes" on one PostgreSQL — two apps,
 * each on its own connection pool and with its own runtime (broker, gateway, jobs) — and a cup that
 * one of them ingests shows on the live page the other serves, within a second, without polling.
 * And the embedded path: PGlite delivers a published event's notification when, and only when, its
 * transaction commits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { openPglite, openPostgres } from '../src/platform/db/client.ts';
import { createDomainEvents } from '../src/platform/events/domain-events.ts';
import type { Notice } from '../src/platform/events/notices.ts';
import { startFleetTest, waitFor, type FleetTest } from './helpers/fleet.ts';
import { TEST_DATA_KEY } from './helpers/test-app.ts';
import { bareMachine, cupEvent, openLive } from './helpers/machine-events.ts';

describe('two server processes on one database', () => {
  let a: FleetTest;
  let b: FleetTest;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    a = await startFleetTest();
    // Process B: the same database through a pool of its own, its own app, broker and runtime.
    const database = await openPostgres(a.t.databaseUrl, 4);
    const app = await buildApp({
      database,
      keys: a.t.keys,
      dataKey: TEST_DATA_KEY,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bf-data-')),
      logLevel: 'silent',
      mqtt: { healthy: () => true },
      webDist: null,
    });
    await app.ready();
    b = await startFleetTest({ t: { ...a.t, app, database } });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync()));
    await b?.close();
    await b?.t.app.close();
    await b?.t.database.close();
    await a?.close();
  });

  it('shows a cup ingested by one on the live stream the other serves, within a second', async () => {
    const m = await a.register();
    const machine = await bareMachine(a.url, m, clients);
    const address = await b.t.app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLive(address, a.admin, m.id);
    try {
      expect(live.status).toBe(200);
      await machine.publish('events', { events: [cupEvent()] });
      // A's gateway writes it (its batch timer, or now): from then on B has a second to show it.
      await waitFor(() => a.fleet.gateway.stats().written > 0, 5000, 'A wrote the cup');
      await a.fleet.gateway.flush();
      const committed = Date.now();
      const shown = await waitFor(
        () => live.seen.find((e) => e.kind === 'device' && e.id === m.id && e.totalCups === 1),
        1000,
        'the cup on B’s live stream',
      );
      expect(Date.now() - committed).toBeLessThan(1000);
      expect(shown).toMatchObject({ kind: 'device', id: m.id, totalCups: 1 });
      // B's own gateway wrote nothing: the cup reached B through the database's notification.
      expect(b.fleet.gateway.stats().written).toBe(0);
    } finally {
      await live.close();
    }
  });
});

describe('the embedded database (PGlite)', () => {
  it('delivers an event’s notification when its transaction commits, and never for a rollback', async () => {
    const database = await openPglite(null);
    const events = createDomainEvents({ database, subscribers: [] });
    const heard: Notice[] = [];
    await events.afterCommit((n) => heard.push(n));
    try {
      const cup = {
        deviceId: '42',
        merchantId: null,
        storeId: null,
        eventId: 'e-1',
        productCode: 'LATTE',
        result: 'completed' as const,
        badCup: false,
        order: null,
        at: new Date().toISOString(),
      };
      await expect(
        database.db.transaction(async (tx) => {
          await events.publish(tx, 'fleet.cupRecorded', [cup]);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await database.db.transaction(async (tx) => {
        await events.publish(tx, 'fleet.cupRecorded', [cup, { ...cup, deviceId: '43', eventId: 'e-2' }]);
        await tx.execute(sql`select 1`);
        // Not before the commit.
        expect(heard).toEqual([]);
      });
      await waitFor(() => heard.length > 0, 2000, 'the notification');
      expect(heard).toEqual([{ event: 'fleet.cupRecorded', devices: ['42', '43'], commands: [] }]);
    } finally {
      await events.close();
      await database.close();
    }
  });
});
