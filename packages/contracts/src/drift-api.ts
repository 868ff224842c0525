/**
 * Extraction drift (issue 17 point 4, docs/extraction-drift.md): per coffee machine and metric, how
 * its recent cups compare with its own baseline and with its model's fleet. The list of findings
 * (`POST /api/coffee/drift/list`) and one machine's evidence (`GET /api/coffee/drift/:deviceId`):
 * each metric's hourly series of the last 48 h with the baseline and fleet bands.
 */
import { z } from 'zod';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './envelope.ts';
import { idSchema } from './resource.ts';
import { idAnswer, instantAnswer, pageSchema } from './answers/envelope.ts';

/** The metrics watched, as the device protocol names them; `grind` is the mean of grind degrees 1 and 2. */
export const DRIFT_METRICS = [
  'pressureBar',
  'extractionFlowMlPerS',
  'temperatureC',
  'grind',
  'tampingForceN',
  'extractionSeconds',
] as const;
export type DriftMetric = (typeof DRIFT_METRICS)[number];

/** Worst first: the list sorts by it. */
export const DRIFT_STATES = ['drifting', 'watch', 'normal'] as const;
export type DriftState = (typeof DRIFT_STATES)[number];

/**
 * The thresholds (docs/extraction-drift.md): the recent EWMA's z against the machine's own baseline,
 * and the recent mean's distance from the fleet mean in fleet standard deviations.
 */
export const DRIFT_THRESHOLDS = {
  /** EWMA smoothing: each new cup weighs this much (small: slow drifts, few false alarms). */
  lambda: 0.1,
  /** |z| of the recent EWMA against the own baseline at or above: watch, drifting. */
  watchZ: 2.5,
  driftZ: 3.5,
  /** |recent mean − fleet mean| in fleet standard deviations at or above: watch, drifting. */
  fleetWatchZ: 2,
  fleetDriftZ: 3,
  /** Recent cups the EWMA runs over (the newest of the last `gapHours`). */
  recentCups: 50,
  /** Fewer recent or baseline cups than these: no finding from that side. */
  minRecent: 10,
  minBaseline: 30,
  /** The fleet band needs this many machines of the model with a baseline. */
  minFleetMachines: 3,
  /** Days of baseline, ending this many hours ago (the recent window lies in the gap). */
  baselineDays: 7,
  gapHours: 24,
  /** A baseline is computed again after this long (it moves slowly; the scan runs every 5 min). */
  baselineRefreshMinutes: 60,
} as const;

/** A list body as every `POST /api/coffee/R/list` takes it (CONTRACT §3: `limit` up to 500, 10 by default). */
export const driftListBody = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  limit: z.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
  merchantId: idSchema.optional(),
  storeId: idSchema.optional(),
  deviceId: idSchema.optional(),
  state: z.enum(DRIFT_STATES).optional(),
  metric: z.enum(DRIFT_METRICS).optional(),
});
export type DriftListBody = z.input<typeof driftListBody>;

/** One machine's metric as the last scan left it. */
export const driftFindingAnswer = z.object({
  id: idAnswer,
  deviceId: idAnswer,
  deviceName: z.string(),
  serialNumber: z.string(),
  merchantId: idAnswer.nullable(),
  merchantName: z.string().nullable(),
  storeId: idAnswer.nullable(),
  storeName: z.string().nullable(),
  metric: z.enum(DRIFT_METRICS),
  state: z.enum(DRIFT_STATES),
  direction: z.enum(['up', 'down']).nullable(),
  since: instantAnswer.nullable(),
  /** Recent cups: their plain mean and their EWMA (what z is of). */
  recentMean: z.number().nullable(),
  recentEwma: z.number().nullable(),
  n: z.number().int(),
  baselineMean: z.number().nullable(),
  baselineSd: z.number().nullable(),
  baselineN: z.number().int(),
  fleetMean: z.number().nullable(),
  fleetSd: z.number().nullable(),
  fleetMachines: z.number().int(),
  z: z.number().nullable(),
  fleetZ: z.number().nullable(),
  checkedAt: instantAnswer,
});
export type DriftFinding = z.infer<typeof driftFindingAnswer>;

export const driftListAnswer = pageSchema(driftFindingAnswer);
export type DriftList = z.infer<typeof driftListAnswer>;

export const driftDeviceParams = z.object({ deviceId: idSchema });

/** One hour of a metric: the mean of its good cups. */
export const driftPointAnswer = z.object({ at: instantAnswer, mean: z.number(), n: z.number().int() });
const band = z.object({ low: z.number(), mean: z.number(), high: z.number() });

export const driftEvidenceAnswer = z.object({
  deviceId: idAnswer,
  deviceName: z.string(),
  serialNumber: z.string(),
  from: instantAnswer,
  to: instantAnswer,
  metrics: z.array(
    z.object({
      metric: z.enum(DRIFT_METRICS),
      points: z.array(driftPointAnswer),
      /** The machine's own baseline ± driftZ sd (per cup), and the fleet's mean ± driftZ sd. */
      baseline: band.nullable(),
      fleet: band.nullable(),
      finding: driftFindingAnswer.nullable(),
    }),
  ),
});
export type DriftEvidence = z.infer<typeof driftEvidenceAnswer>;
