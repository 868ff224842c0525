/**
 * A convention enforced by a check, like route-coverage.test.ts for permission codes: every route in
 * the API document declares the answer of its success status (a schema from @brewfleet/contracts),
 * so /api/docs documents answers and the serializer writes only declared fields. A new route
 * without `schema.response` fails here.
 */
import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, MESSAGES, statusOf, type ErrorKey } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { openPglite, type Database } from '../src/platform/db/client.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, any> }> }>;
}
let database: Database;
let app: FastifyInstance;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  database = await openPglite(null);
  app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: os.tmpdir(),
    logLevel: 'silent',
    webDist: null,
  });
  await app.ready();
  // The document is built from the routes alone: no database is read.
  paths = (app.swagger() as { paths: typeof paths }).paths;
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const operations = () =>
  Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

it('every route in the OpenAPI document declares the answer of its success status', () => {
  const all = operations();
  expect(all.length).toBeGreaterThan(60);
  const missing = all
    .filter(({ op }) => {
      const content = op.responses?.['200']?.content ?? {};
      const schemas = Object.values(content).map((c) => c.schema);
      return !schemas.length || schemas.some((s) => !s || !Object.keys(s).length);
    })
    .map(({ name }) => name);
  expect(missing).toEqual([]);
});

it('a JSON answer is the envelope of CONTRACT §3 around its data, except for the broker hooks and Uber’s webhook', () => {
  const unwrapped = operations()
    .filter(({ op }) => {
      const schema = op.responses?.['200']?.content?.['application/json']?.schema;
      if (!schema) return false;
      return !(schema.properties?.code && schema.properties?.msg && 'data' in (schema.properties ?? {}));
    })
    .map(({ name }) => name);
  // Uber's webhook is acknowledged with an empty body, as Uber asks.
  expect(unwrapped.sort()).toEqual([
    'POST /api/delivery/uber/webhook',
    'POST /api/mqtt/acl',
    'POST /api/mqtt/auth',
  ]);
});

it('documents the item of a resource with its fields, ids as strings', () => {
  const data =
    paths['/api/coffee/device/{id}'].get.responses!['200'].content!['application/json'].schema!.properties
      .data;
  expect(data.properties.id).toMatchObject({ type: 'string' });
  expect(data.properties.serialNumber).toBeDefined();
  expect(data.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
  // A write-only field is never answered, so it is not documented either.
  const account =
    paths['/api/coffee/account/{id}'].get.responses!['200'].content!['application/json'].schema!.properties
      .data;
  expect(account.properties.password).toBeUndefined();
});

it('every server message carries its HTTP status, and every error status is one of CONTRACT §3', () => {
  for (const [key, entry] of Object.entries(MESSAGES)) {
    if (!key.startsWith('msg.')) continue;
    const status = (entry as { status?: number }).status;
    expect(status, key).toBeDefined();
    expect([200, ...ERROR_CODES], key).toContain(status);
  }
  expect(statusOf('msg.notFound' satisfies ErrorKey)).toBe(404);
  expect(statusOf('msg.importRowErrors')).toBe(422);
});

it('an unknown route answers with the status and message of its key', async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/no-such-route',
    headers: { 'accept-language': 'en' },
  });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 404, msg: 'No such endpoint' });
});

it('health answers 500 with the parts in data when one is down (this app has no broker)', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({
    code: 500,
    msg: 'degraded',
    data: { status: 'degraded', db: 'ok', mqtt: 'down' },
  });
});
