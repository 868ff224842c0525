/**
 * What a statistics query counted, kept per (scope, zone, zone's version, language, query): ten people
 * of one merchant opening the same page count it once. The key holds the zone's `version`
 * (stat_zone, migration 0045), which every merge that changed a figure and every rebuild moves, and
 * which the query reads in its own transaction: an entry is never used past a change of the rollups,
 * in this process or another. Entries also expire after `ttlMs` (names of machines and stores, read
 * with the figures, may change without a merge) and the oldest go beyond `max`.
 *
 * The scope is part of the key, so one tenant's entry is never another's answer.
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(
    private readonly max = 500,
    private readonly ttlMs = 60_000,
  ) {}

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: T) {
    this.entries.delete(key);
    this.entries.set(key, { value, at: Date.now() });
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const old of this.entries.keys()) {
      if (this.entries.size <= this.max) break;
      this.entries.delete(old);
    }
  }

  get size() {
    return this.entries.size;
  }
}
