/**
 * The data center (issue 17 points 1, 2, 9): rollups of cups, extraction quality, materials, sales,
 * faults and cleanings per time zone, kept by the job `datacenter.rollups` from the domain events'
 * queues, rebuilt from raw rows on demand, and the statistics query every page sends. It reads
 * fleet's, orders' and tenancy's readable tables and writes only its own. docs/data-center.md.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { defineModule } from '../../platform/module.ts';
import type { StatAnswer, StatQuery } from '@brewfleet/contracts';
import { queryStats, type QueryOptions } from './query.ts';
import { ROLLUP_JOB, registerDataCenterRoutes } from './routes.ts';
import {
  backfillZone,
  mergeRollups,
  rebuildRollups,
  runRollups,
  STATS_CHANNEL,
  zonesToBuild,
} from './rollups.ts';
import { rollupSubscribers } from './subscribers.ts';

export { rebuildRollups, runRollups };

export interface DataCenterService {
  /** A page's figures in the caller's transaction and scope (the dashboards' display links). */
  query(tx: Db, q: StatQuery, opts: QueryOptions): Promise<StatAnswer>;
  /**
   * Call `handler` whenever the rollups moved (a merge or a rebuild committed, in any process): what
   * the dashboards' live streams follow. Answers the way to stop.
   */
  onMerged(handler: () => void): Promise<() => void>;
}

declare module '../../platform/module.ts' {
  interface ModuleServices {
    datacenter: DataCenterService;
  }
}

export const datacenterModule = defineModule({
  name: 'datacenter',
  tables: [
    'stat_zone',
    'stat_pending_cup',
    'stat_pending_cell',
    'stat_cup_day',
    'stat_cup_hour',
    'stat_quality_day',
    'stat_material_day',
    'stat_sales_day',
    'stat_sales_hour',
    'stat_care_day',
    // Coarser grains of the same sums (migration 0045).
    'stat_cup_device_day',
    'stat_cup_product_day',
    'stat_cup_store_hour',
    'stat_cup_merchant_hour',
    'stat_quality_product_day',
    'stat_material_merchant_day',
    'stat_sales_product_day',
  ],
  needs: ['catalog'],
  register(app, deps) {
    // Products are named from the catalog of a merchant whose figures hold them (or its ancestors').
    const productNames = deps.services.catalog.productNamesByCode;
    registerDataCenterRoutes(app, { db: deps.db, jobs: deps.jobs, productNames });
    // One LISTEN per process, opened at the first follower and closed with the app.
    const handlers = new Set<() => void>();
    let listening: Promise<() => Promise<void>> | null = null;
    app.addHook('onClose', async () => {
      const stop = await listening?.catch(() => null);
      await stop?.();
    });
    return {
      query: (tx, q, opts) => queryStats(tx, q, { productNames, ...opts }),
      async onMerged(handler) {
        handlers.add(handler);
        await (listening ??= deps.listen(STATS_CHANNEL, () => {
          for (const h of handlers) h();
        }));
        return () => void handlers.delete(handler);
      },
    };
  },
  subscribers: rollupSubscribers,
  jobs: [
    {
      name: ROLLUP_JOB,
      everySeconds: 5,
      // A failed merge leaves its queues as they were: the next period takes them again.
      retry: { limit: 0, delaySeconds: 1 },
      timeoutSeconds: 1800,
      run: async ({ db, log, stopping }) => {
        const r = await runRollups(db, { stopping });
        if (r.built.length || r.cups > 1000) log.info(r, 'rollups merged');
      },
    },
  ],
  // The demo's figures are counted once its history is written, on the first start's path: the
  // demo's own zone (its merchants keep Taiwan's time, its visitors read their pages in it) and UTC
  // (migration 0037's). Left to the job, the build took ~35 s after the start beside the live fleet's
  // work on PGlite's one connection; every page meanwhile counted raw rows (the cup-labelling ones in
  // 200–340 ms) and a build step now and then held the connection for up to 620 ms. Here nothing else
  // waits: whole months a step, no pauses (backfillZone `alone`), ~2 s a zone.
  async demo({ db, later }) {
    later(async () => {
      await inScope(db, SYSTEM, (tx) =>
        tx.execute(sql`insert into stat_zone (zone) values (${DEMO_ZONE}) on conflict do nothing`),
      );
      for (const zone of await zonesToBuild(db))
        await backfillZone(db, zone, { alone: true, spanMs: 31 * 86_400_000 });
      // The first merge dates the figures ("as of"): until a zone has one, its pages count raw rows.
      await mergeRollups(db);
    });
  },
});

/** The demo's merchants' zone (fleet's demo: TW stores; Hong Kong's keeps the same hours). */
const DEMO_ZONE = 'Asia/Taipei';
