/**
 * The resources of one app, by name. buildApp makes one per app (two apps in one process — a test
 * standing for two servers — do not share it): refs, pickers and views that read another resource's
 * rows resolve it here, handed in explicitly rather than looked up in a process-wide map.
 */
import type { Registered } from './types.ts';

export class ResourceRegistry {
  private readonly byName = new Map<string, Registered>();

  add(reg: Registered): void {
    if (this.byName.has(reg.def.name)) throw new Error(`resource ${reg.def.name} is registered twice`);
    this.byName.set(reg.def.name, reg);
  }

  /** The resource called `name`; a programming error when it is not registered (yet). */
  get(name: string): Registered {
    const reg = this.byName.get(name);
    if (!reg) throw new Error(`resource ${name} is not registered`);
    return reg;
  }

  find(name: string): Registered | undefined {
    return this.byName.get(name);
  }

  all(): Registered[] {
    return [...this.byName.values()];
  }
}
