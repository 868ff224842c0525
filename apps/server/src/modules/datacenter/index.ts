/**
 * The data center (issue 17 points 1, 2, 9): rollups of cups, extraction quality, materials, sales,
 * faults and cleanings per time zone, kept by the job `datacenter.rollups` from the domain events'
 * queues, rebuilt from raw rows on demand, and the statistics query every page sends. It reads
 * fleet's, orders' and tenancy's readable tables and writes only its own. docs/data-center.md.
 */
import type { Db } from '../../platform/db/client.ts';
import { defineModule } from '../../platform/module.ts';
import type { StatAnswer, StatQuery } from '@brewfleet/contracts';
import { queryStats, type QueryOptions } from './query.ts';
import { ROLLUP_JOB, registerDataCenterRoutes } from './routes.ts';
import { rebuildRollups, runRollups, STATS_CHANNEL } from './rollups.ts';
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
  // No demo step of its own: migration 0037 leaves 'UTC' not built, so the job's first run (5 s after the
  // start) builds it from the demo's history, off the start's path (a rebuild in a `later` step added
  // ~10 s to a DEMO=1 start on PGlite); until then the pages count the same figures from raw rows.
});
