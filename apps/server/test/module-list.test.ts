/**
 * The module list (modules/index.ts) and its runner (platform/module-runner.ts): a module gets the
 * services it declares it needs and no other, from modules listed before it; its demo steps run in
 * list order, the deferred ones after every module's; runtime parts stop in the reverse order.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules/index.ts';
import type { AnyModule, PlatformDeps } from '../src/platform/module.ts';
import { demoModules, registerModules, startModules } from '../src/platform/module-runner.ts';
import type { Db } from '../src/platform/db/client.ts';

/** A module of the test, recording what it was handed. */
const fake = (name: string, needs: string[], seen: Record<string, string[]>, log: string[]): AnyModule =>
  ({
    name,
    tables: [],
    needs,
    register: (_app: unknown, deps: { services: object }) => {
      seen[name] = Object.keys(deps.services);
      return { name };
    },
    demo: async (ctx: { later(step: () => Promise<void>): void }) => {
      log.push(`demo ${name}`);
      ctx.later(async () => void log.push(`later ${name}`));
    },
    start: async () => {
      log.push(`start ${name}`);
      return { stop: async () => void log.push(`stop ${name}`) };
    },
  }) as unknown as AnyModule;

const deps = {} as PlatformDeps;

describe('the server’s list', () => {
  it('lists each module after the modules whose services it needs', () => {
    const names = MODULES.map((m) => m.name);
    for (const [i, m] of MODULES.entries())
      for (const need of m.needs ?? []) {
        expect(names, `${m.name} needs ${need}`).toContain(need);
        expect(names.indexOf(need), `${m.name} needs ${need} listed before it`).toBeLessThan(i);
      }
  });
});

describe('the runner', () => {
  it('hands a module only the services it declared it needs', () => {
    const seen: Record<string, string[]> = {};
    const list = [fake('a', [], seen, []), fake('b', [], seen, []), fake('c', ['a'], seen, [])];
    const services = registerModules(Fastify(), list, deps);
    expect(seen).toEqual({ a: [], b: [], c: ['a'] });
    expect(Object.keys(services)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a module that needs one listed after it, or a name listed twice', () => {
    const seen: Record<string, string[]> = {};
    expect(() =>
      registerModules(Fastify(), [fake('c', ['a'], seen, []), fake('a', [], seen, [])], deps),
    ).toThrow(/c needs a/);
    expect(() =>
      registerModules(Fastify(), [fake('a', [], seen, []), fake('a', [], seen, [])], deps),
    ).toThrow(/listed twice/);
  });

  it('makes demo data in list order, deferred steps last; stops runtime parts in reverse', async () => {
    const log: string[] = [];
    const list = [fake('a', [], {}, log), fake('b', [], {}, log)];
    await demoModules(list, { db: {} as Db, dataDir: '/tmp', resources: {} as never, services: {} });
    const started = await startModules(list, {} as never, {});
    await started.stop();
    expect(log).toEqual(['demo a', 'demo b', 'later a', 'later b', 'start a', 'start b', 'stop b', 'stop a']);
  });
});
