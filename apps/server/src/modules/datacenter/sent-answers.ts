/**
 * Statistics answers kept as the JSON text that was sent: ten people of one merchant watching the
 * same page are answered with no transaction, no counting and no serializing. What an answer depends
 * on is all in its key: the caller's scope, the zone with its rollups' version and last merge (read
 * fresh for each request: zone-state.ts), the language and the query. A page of fault minutes (an
 * open fault's minutes run to now) is kept for the second it was counted in only.
 *
 * Not kept: raw counts, queries naming a merchant, store or machine (their visibility in the scope is
 * checked at every request), zones not built yet, and handles without a fast path (the embedded
 * database answers from the tally cache of query.ts as before).
 */
import { statPage, type Language, type StatAnswer, type StatQuery } from '@brewfleet/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AnswerCache } from './answer-cache.ts';
import { zoneStates } from './zone-state.ts';

/** Measures whose value moves with the clock while nothing is merged. */
const CLOCKED = new Set<string>(['faultMinutes']);

export interface SentAnswers {
  /** The key of this query's answer as of now; null when it must be counted every time. */
  keyOf(q: StatQuery, scope: string, lang: Language, zone: string): Promise<string | null>;
  get(key: string): string | undefined;
  /** Serialize `answer` (an answer counted from the rollups), keep it under `key`, answer its text. */
  keep(key: string | null, answer: StatAnswer): string;
}

export function sentAnswers(db: Db, serialize: (envelope: unknown) => string): SentAnswers {
  const states = zoneStates(db);
  const texts = new AnswerCache<string>(500, 60_000);
  return {
    async keyOf(q, scope, lang, zone) {
      if (!states || q.source === 'raw' || q.merchantId || q.storeId || q.deviceId) return null;
      const { zones, nowS } = await states();
      const state = zones.get(zone);
      if (!state?.ready || !state.asOf) return null;
      const clocked = statPage(q.page)?.measures.some((m) => CLOCKED.has(m));
      return JSON.stringify([
        scope,
        zone,
        state.version,
        state.asOf,
        lang,
        q,
        clocked ? Math.floor(nowS) : 0,
      ]);
    },
    get: (key) => texts.get(key),
    keep(key, answer) {
      const text = serialize({ code: 200, msg: 'success', data: answer });
      if (key && answer.source === 'rollup') texts.set(key, text);
      return text;
    },
  };
}
