/**
 * The data center's HTTP calls: the statistics query (any page, checked against the page's own
 * permission code), its export as a spreadsheet (the export code and the page's), and the rebuild
 * from raw rows (platform). The route declares every page code (`anyPermission`): the guard lets in
 * a user holding one of them and the handler asks for the code of the page in the body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  P,
  STAT_MEASURES,
  STAT_PAGE_NAMES,
  statAnswer,
  statExport,
  statQuery,
  statRebuild,
  statRebuildAnswer,
  successSchema,
  type StatAnswer,
  type StatMeasure,
} from '@brewfleet/contracts';
import { answer, fileAnswer } from '../../platform/http/answers.ts';
import { compiledSerializerCompiler } from '../../platform/http/compiled-serializer.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hasPermission } from '../../platform/auth/auth-user.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { CONTENT_TYPES, writeSheet } from '../../platform/crud/spreadsheet.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobRunner } from '../../platform/jobs/types.ts';
import { queryStats, type QueryOptions, type Tally } from './query.ts';
import { AnswerCache } from './answer-cache.ts';
import { sentAnswers } from './sent-answers.ts';
import { rebuildRollups } from './rollups.ts';

export const ROLLUP_JOB = 'datacenter.rollups';
const PAGE_CODES = STAT_PAGE_NAMES.map((name) => P.stats[name]);
const tags = ['data-center'];

export function registerDataCenterRoutes(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobRunner; productNames?: QueryOptions['productNames'] },
) {
  // DATACENTER_ANSWER_CACHE=0 counts every query (the benchmark's figures without the cache).
  const answers = process.env.DATACENTER_ANSWER_CACHE === '0' ? null : new AnswerCache<Tally>();
  // The answer's text, written by the route's compiled serializer (byte for byte what it would send).
  const texts = answers
    ? sentAnswers(
        deps.db,
        compiledSerializerCompiler({
          schema: successSchema(statAnswer),
          method: 'POST',
          url: '/api/coffee/data-center/query',
          httpStatus: '200',
        }),
      )
    : null;
  const scopeKey = (request: FastifyRequest) => {
    const scope = request.user?.scope ?? { kind: 'none' };
    return JSON.stringify([
      scope.kind,
      'merchantIds' in scope ? [...scope.merchantIds].sort() : [],
      'storeIds' in scope ? [...scope.storeIds].sort() : [],
    ]);
  };
  const options = (request: FastifyRequest): QueryOptions => ({
    timeZone: request.timeZone,
    lang: request.lang,
    productNames: deps.productNames,
    // A zone asked for the first time: the job builds it at once (until then figures come from raw rows).
    onNewZone: () => void deps.jobs.trigger(ROLLUP_JOB).catch(() => undefined),
    // Users of one scope see the same rows: they share what was counted (never across scopes).
    ...(answers ? { cache: { answers, scope: scopeKey(request) } } : {}),
  });
  const pageAllowed = (request: FastifyRequest, page: (typeof STAT_PAGE_NAMES)[number]) => {
    if (!hasPermission(request.user!, P.stats[page])) throw new AppError('msg.forbidden');
  };
  const run = (request: FastifyRequest, body: Parameters<typeof queryStats>[1]): Promise<StatAnswer> =>
    inRequestScope(deps.db, request, (tx) => queryStats(tx, body, options(request)));

  app.post(
    '/api/coffee/data-center/query',
    {
      schema: { body: statQuery, response: answer(statAnswer), tags },
      config: { anyPermission: PAGE_CODES, noAudit: true },
      // A machine page's answer is 250 rows × 8 measures (~100 KB): compiled, it is written in half
      // zod's time (1.1 against 2.3 ms of CPU), byte for byte the same.
      serializerCompiler: compiledSerializerCompiler,
    },
    async (request, reply) => {
      const body = request.body as Parameters<typeof queryStats>[1];
      pageAllowed(request, body.page);
      if (!texts) return run(request, body);
      // Asked again before the rollups moved: the text sent last time (sent-answers.ts).
      const key = await texts.keyOf(body, scopeKey(request), request.lang, request.timeZone);
      const text = (key && texts.get(key)) || texts.keep(key, await run(request, body));
      return reply.type('application/json; charset=utf-8').send(text);
    },
  );

  app.post(
    '/api/coffee/data-center/export',
    {
      schema: {
        body: statExport,
        response: fileAnswer('The page as shown, as a spreadsheet', Object.values(CONTENT_TYPES)),
        tags,
      },
      config: { permission: P.stats.export, noAudit: true },
    },
    async (request, reply) => {
      const { format, ...body } = request.body as Parameters<typeof queryStats>[1] & {
        format: 'xlsx' | 'csv';
      };
      pageAllowed(request, body.page);
      const data = await run(request, body);
      const file = await writeSheet(
        format,
        [data.by, 'label', ...data.measures.map((m) => (kindOf(m) === 'rate' ? `${m} (%)` : m))],
        [
          ...data.rows.map((r) => [
            r.key,
            r.label,
            ...data.measures.map((m) => exportCell(m, r.values[m] ?? null)),
          ]),
          ['total', '', ...data.measures.map((m) => exportCell(m, data.totals[m] ?? null))],
        ],
        `${data.page} ${data.from} ${data.to}`,
      );
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="${data.page}-${data.by}-${data.from}-${data.to}.${format}"`,
        )
        .send(file);
    },
  );

  app.post(
    '/api/coffee/data-center/rebuild',
    {
      schema: { body: statRebuild, response: answer(statRebuildAnswer), tags },
      config: { permission: P.stats.rebuild, action: 'stats.rebuild' },
    },
    async (request) => {
      if (request.user!.scope.kind !== 'platform') throw new AppError('msg.forbidden');
      const { from, to } = request.body as { from: string; to: string };
      if (from > to) throw new AppError('msg.statRangeReversed', { from, to });
      request.auditTarget = `${from}..${to}`;
      return rebuildRollups(deps.db, { from, to });
    },
  );
}

const kindOf = (measure: string) => STAT_MEASURES[measure as StatMeasure]?.kind ?? 'count';

/**
 * A figure as the page shows it: a rate in percent to one place, seconds and grams to one, a ratio
 * to two, money per currency in the currencies' order (a computed average carries float noise:
 * 38.952999999999996 seconds is shown, and exported, as 39.0).
 */
function exportCell(measure: string, v: StatAnswer['rows'][number]['values'][string]): string | number {
  if (v == null) return '';
  if (typeof v === 'object')
    return Object.entries(v)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, amount]) => `${currency} ${amount}`)
      .join('; ');
  const kind = kindOf(measure);
  const places = { rate: 1, seconds: 1, grams: 1, ratio: 2, money: 2, count: 0 }[kind];
  return Number((kind === 'rate' ? v * 100 : v).toFixed(places));
}
