/**
 * A convention enforced by a check: every /api route declares a permission code, or says it is
 * public, or that any signed-in user may call it. A new route without either fails here.
 */
import os from 'node:os';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { ALL_PERMISSION_CODES, MENU_SEED, MENU_TYPE } from '@brewfleet/contracts';
import { buildApp } from '../src/app.ts';
import { PUBLIC_PREFIXES, authSchemesOf, type AuthScheme } from '../src/platform/auth/guard.ts';
import { openPglite, type Database } from '../src/platform/db/client.ts';
import { TEST_DATA_KEY, testKeys } from './helpers/test-app.ts';

let database: Database;
const routes: RouteOptions[] = [];
let schemes: readonly AuthScheme[] = [];
beforeAll(async () => {
  database = await openPglite(null);
  // The app is built without touching the database; onRoute sees every route as it is added.
  const app = await buildApp({
    database,
    keys: testKeys(),
    dataKey: TEST_DATA_KEY,
    dataDir: os.tmpdir(),
    logLevel: 'silent',
    webDist: null,
    onRoute: (r) => routes.push(r),
  });
  await app.ready();
  schemes = authSchemesOf(app);
  await app.close();
});
afterAll(() => database.close());

it('every /api route has a permission code or an explicit public / signed-in mark', () => {
  const api = routes.filter(
    (r) => r.url.startsWith('/api/') && !PUBLIC_PREFIXES.some((p) => r.url.startsWith(p)),
  );
  expect(api.length).toBeGreaterThan(30);
  const unmarked = api
    .filter((r) => {
      const c = (r.config ?? {}) as {
        permission?: string;
        anyPermission?: string[];
        public?: boolean;
        authOnly?: boolean;
        authScheme?: string;
      };
      // A module's own callers (auth/guard.ts claimAuthPrefix): its scheme, under the prefix it claimed.
      const scheme = schemes.find((s) => s.name === c.authScheme);
      if (scheme) return !r.url.startsWith(scheme.prefix);
      return !c.permission && !c.anyPermission?.length && !c.public && !c.authOnly;
    })
    .map((r) => `${r.method} ${r.url}`);
  expect(unmarked).toEqual([]);
});

it('a route under a prefix a module claimed declares that scheme or public, never a console permission', () => {
  expect(schemes.length).toBeGreaterThan(0);
  for (const scheme of schemes) {
    const under = routes.filter((r) => r.url.startsWith(scheme.prefix));
    expect(under.length, scheme.prefix).toBeGreaterThan(0);
    for (const r of under) {
      const c = (r.config ?? {}) as { permission?: string; authScheme?: string; public?: boolean };
      expect(c.permission, `${r.method} ${r.url}`).toBeUndefined();
      expect(c.public || c.authScheme === scheme.name, `${r.method} ${r.url}`).toBe(true);
    }
  }
});

it('every permission code used by a route is declared and reachable through a menu', () => {
  const seeded = new Set(MENU_SEED.map((m) => m.perms).filter(Boolean));
  const used = routes.flatMap((r) => {
    const c = (r.config ?? {}) as { permission?: string; anyPermission?: string[] };
    return [c.permission, ...(c.anyPermission ?? [])].filter((p): p is string => !!p);
  });
  for (const code of used) {
    expect(ALL_PERMISSION_CODES, code).toContain(code);
    expect(seeded.has(code), `${code} has no menu entry, so no role can grant it`).toBe(true);
  }
});

it("the menu seed's buttons are the codes the routes declare, derived rather than listed", () => {
  const used = new Set(
    routes.flatMap((r) => {
      const c = (r.config ?? {}) as { permission?: string; anyPermission?: string[] };
      return [c.permission, ...(c.anyPermission ?? [])].filter((p): p is string => !!p);
    }),
  );
  // What the seed grants through buttons and pages is what some route asks for: no dead button.
  const buttons = new Set(MENU_SEED.filter((m) => m.type === MENU_TYPE.button).map((m) => m.perms));
  const pages = new Set(MENU_SEED.filter((m) => m.type === MENU_TYPE.page).map((m) => m.perms));
  expect([...buttons].filter((code) => !used.has(code))).toEqual([]);
  expect([...used].filter((code) => !buttons.has(code) && !pages.has(code))).toEqual([]);
});

it('only sign-in (console and app), the public key, health, the app settings and images, the broker hooks and Uber’s webhook are public', () => {
  const open = routes.filter(
    (r) => r.url.startsWith('/api/') && (r.config as { public?: boolean } | undefined)?.public,
  );
  expect([...new Set(open.map((r) => r.url))].sort()).toEqual([
    // The ordering app: a member signs up and in; its name, logo and privacy text show before that.
    '/api/app/v1/auth/signin',
    '/api/app/v1/auth/signup',
    // Banner images and logos: an <img> sends no token (only those uploads are served there).
    '/api/app/v1/images/:id',
    '/api/app/v1/settings',
    '/api/auth/doLogin',
    '/api/auth/publicKey',
    // Uber Eats webhooks (CONTRACT §7): the X-Uber-Signature check is the route's own.
    '/api/delivery/uber/webhook',
    '/api/docs/openapi.json',
    '/api/health',
    // An external broker's authentication and topic-access hooks (device-protocol.md §6).
    '/api/mqtt/acl',
    '/api/mqtt/auth',
  ]);
});

it('every picker and the upload need a real code, not just a sign-in', () => {
  const codeOf = (r: RouteOptions) => (r.config ?? {}) as { permission?: string; anyPermission?: string[] };
  const shared = routes.filter(
    (r) => /^\/api\/.*\/select$/.test(r.url) || (r.url === '/api/coffee/upload' && r.method === 'POST'),
  );
  expect(shared.length).toBeGreaterThan(20);
  for (const r of shared) {
    const c = codeOf(r);
    const codes = [c.permission, ...(c.anyPermission ?? [])].filter(Boolean);
    expect(codes.length, `${r.method} ${r.url} needs a permission code`).toBeGreaterThan(0);
    for (const code of codes) expect(ALL_PERMISSION_CODES, `${r.url}: ${code}`).toContain(code);
  }
});
