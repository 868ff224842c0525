// @vitest-environment node
/**
 * `npm start` builds the console when it was never built or when what it is built from changed since
 * (scripts/console-build.mjs): after a `git pull`, an old console is not served by a new server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
// @ts-expect-error a plain ES module of the repository's scripts, without types
import { consoleBuildNeeded } from '../../../../scripts/console-build.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A checkout with a console source and a contracts source, everything dated `at`. */
function checkout(at: Date) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bf-console-build-'));
  roots.push(root);
  const write = (file: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x');
    fs.utimesSync(path.join(root, file), at, at);
  };
  write('apps/web/src/features/orders/OrderListPage.tsx');
  write('packages/contracts/src/resources/order.ts');
  for (const dir of ['apps/web/src/features/orders', 'apps/web/src/features', 'apps/web/src'])
    fs.utimesSync(path.join(root, dir), at, at);
  for (const dir of ['packages/contracts/src/resources', 'packages/contracts/src'])
    fs.utimesSync(path.join(root, dir), at, at);
  return { root, dist: path.join(root, 'apps/web/dist'), write };
}

function build(dist: string, at: Date) {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  fs.utimesSync(path.join(dist, 'index.html'), at, at);
}

const day = (d: number) => new Date(Date.UTC(2026, 10, d));

it('builds a console never built, and not one built after its sources', () => {
  const { root, dist } = checkout(day(20));
  expect(consoleBuildNeeded(root, dist)).toBe('missing');
  build(dist, day(21));
  expect(consoleBuildNeeded(root, dist)).toBeNull();
});

it('builds it again when a screen or a shared contract changed after the build', () => {
  const web = checkout(day(20));
  build(web.dist, day(21));
  web.write('apps/web/src/features/orders/OrderListPage.tsx');
  fs.utimesSync(path.join(web.root, 'apps/web/src/features/orders/OrderListPage.tsx'), day(22), day(22));
  expect(consoleBuildNeeded(web.root, web.dist)).toBe('outdated');

  const contracts = checkout(day(20));
  build(contracts.dist, day(21));
  fs.utimesSync(path.join(contracts.root, 'packages/contracts/src/resources/order.ts'), day(22), day(22));
  expect(consoleBuildNeeded(contracts.root, contracts.dist)).toBe('outdated');
});

it('builds it again when a source was deleted after the build (its folder changed)', () => {
  const { root, dist } = checkout(day(20));
  build(dist, day(21));
  fs.rmSync(path.join(root, 'apps/web/src/features/orders/OrderListPage.tsx'));
  expect(consoleBuildNeeded(root, dist)).toBe('outdated');
});
