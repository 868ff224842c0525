/**
 * Extraction quality (issue 17 §3, docs/extraction-quality.md): the profiles cups are judged against
 * (platform defaults seeded, per merchant, model and recipe), refractometer readings that calibrate
 * the estimate per merchant and model, and the SQL functions the data center's rollups label cups
 * with (migration 0036 `cup_quality_profile`, `cup_quality`). Machines and their cups are fleet's
 * readable tables; nothing here writes them.
 */
import { defineModule } from '../../platform/module.ts';
import { registerProfiles } from './profiles.ts';
import { registerReadings } from './readings.ts';
import { registerEstimate } from './estimate.ts';
import { registerTrialEstimate } from './trial-estimate.ts';
import { seedPlatformProfiles } from './seed.ts';
import { seedDemoReadings } from './demo.ts';
import { createQualityService, type QualityService } from './service.ts';

export type { QualityService } from './service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    quality: QualityService;
  }
}

export const qualityModule = defineModule({
  name: 'quality',
  tables: ['extraction_profile', 'calibration_reading'],
  register(app, deps) {
    const quality = createQualityService();
    registerProfiles(app, deps);
    registerReadings(app, deps, quality);
    registerEstimate(app, deps.db, quality);
    registerTrialEstimate(app, deps.db, quality);
    return quality;
  },
  seed: seedPlatformProfiles,
  demo({ db, resources, later }) {
    // Readings name the fleet's demo cups, written after every module's demo.
    later(async () => void (await seedDemoReadings(db, resources)));
    return Promise.resolve();
  },
});
