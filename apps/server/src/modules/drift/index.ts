/**
 * Extraction drift (issue 17 point 4, docs/extraction-drift.md): per coffee machine and metric, its
 * recent cups against its own baseline and its model's fleet, scanned every 5 minutes by `drift.scan`
 * (set-based, as the system) and kept in `extraction_drift`. Reads fleet's machines and cups (readable),
 * writes only its own table; offers no service.
 */
import { defineModule } from '../../platform/module.ts';
import { registerDriftRoutes } from './routes.ts';
import { driftScanJob } from './scan.ts';

export const driftModule = defineModule({
  name: 'drift',
  tables: ['extraction_drift'],
  register(app, deps) {
    registerDriftRoutes(app, { db: deps.db });
  },
  jobs: [driftScanJob],
});
