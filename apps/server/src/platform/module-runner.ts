/**
 * What a list of modules (platform/module.ts) is made to do, in list order: register (each gets only
 * the services it declared it needs, made by modules before it), seed, make demo data, offer the
 * broker's access, and start and stop the runtime parts. buildApp, main.ts and the tests call these,
 * so the server and its tests start the same modules the same way.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.ts';
import type { BrokerAccess } from './mqtt/access.ts';
import type { ResourceRegistry } from './crud/registry.ts';
import type { AnySubscriber } from './events/domain-events.ts';
import {
  servicesFor,
  type AnyModule,
  type ModuleRuntime,
  type ModuleServices,
  type PlatformDeps,
  type RuntimeContext,
} from './module.ts';

export type Services = Partial<ModuleServices>;

/** Register every module's resources and routes; returns the services they offer, by module name. */
export function registerModules(app: FastifyInstance, modules: readonly AnyModule[], deps: PlatformDeps) {
  const services: Record<string, unknown> = {};
  const names = new Set<string>();
  for (const module of modules) {
    if (names.has(module.name)) throw new Error(`module ${module.name} is listed twice`);
    names.add(module.name);
    const service = module.register(app, { ...deps, services: servicesFor(module, services) });
    if (service !== undefined) services[module.name] = service;
  }
  return services as Services;
}

/** Every module's event subscribers, in list order (those given as a function made from its services). */
export function moduleSubscribers(modules: readonly AnyModule[], services: Services): AnySubscriber[] {
  return modules.flatMap((m) =>
    typeof m.subscribers === 'function'
      ? [...m.subscribers(servicesFor(m, services))]
      : [...(m.subscribers ?? [])],
  );
}

/** Reference data every database needs (idempotent), in list order. */
export async function seedModules(modules: readonly AnyModule[], db: Db): Promise<void> {
  for (const module of modules) await module.seed?.(db);
}

/** Demo data, in list order; the steps a module defers run after every module's demo. */
export async function demoModules(
  modules: readonly AnyModule[],
  ctx: { db: Db; dataDir: string; resources: ResourceRegistry; services: Services },
): Promise<void> {
  const later: Array<() => Promise<void>> = [];
  for (const module of modules)
    await module.demo?.({
      db: ctx.db,
      dataDir: ctx.dataDir,
      resources: ctx.resources,
      services: servicesFor(module, ctx.services),
      later: (step) => later.push(step),
    });
  for (const step of later) await step();
}

/** The broker's access, from the one module that offers it (none: only the server may connect). */
export function brokerAccessOf(
  modules: readonly AnyModule[],
  db: Db,
  services: Services,
): BrokerAccess | undefined {
  const offering = modules.filter((m) => m.brokerAccess);
  if (offering.length > 1)
    throw new Error(`broker access offered by ${offering.map((m) => m.name).join(' and ')}; one may`);
  const [module] = offering;
  return module?.brokerAccess!(db, services[module.name as keyof Services] as never);
}

export interface StartedModules {
  /** A module's started part, by module name, as that module types it (tests flush fleet's gateway). */
  part<T = ModuleRuntime>(name: string): T;
  /** Stops what was started, in the reverse order. */
  stop(): Promise<void>;
  /** The counters the running parts show in /api/health (the gateway's), or null when none. */
  stats(): Record<string, number> | null;
}

/** Start each module's runtime part, in list order; if one fails, those started are stopped. */
export async function startModules(
  modules: readonly AnyModule[],
  runtime: Omit<RuntimeContext, 'services'>,
  services: Services,
): Promise<StartedModules> {
  const started: ModuleRuntime[] = [];
  const byName = new Map<string, ModuleRuntime>();
  const stop = async () => {
    for (const part of started.reverse()) await part.stop();
    started.length = 0;
  };
  try {
    for (const module of modules) {
      // Jobs that need only the database are declared on the module; a runtime part may define
      // more of its own (fleet's delivery, which needs its MQTT client).
      if (module.jobs?.length) {
        const defined = await runtime.jobs.define(module.jobs);
        started.push({ stop: () => defined.stop() });
      }
      if (!module.start) continue;
      const own = services[module.name as keyof Services] as never;
      const part = await module.start({ ...runtime, services: servicesFor(module, services) }, own);
      started.push(part);
      byName.set(module.name, part);
    }
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return {
    part<T>(name: string) {
      const part = byName.get(name);
      if (!part) throw new Error(`module ${name} has no running part`);
      return part as T;
    },
    stop,
    stats() {
      const parts = started.map((p) => p.stats?.()).filter((s): s is Record<string, number> => !!s);
      return parts.length ? Object.assign({}, ...parts) : null;
    },
  };
}
