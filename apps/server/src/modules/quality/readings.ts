/**
 * The `calibration-reading` resource: a merchant's refractometer reading of one cup. On create the
 * server finds the cup (its production record, by id or by the machine's event id, or the dose and
 * extraction time given for a cup the machine did not report), stores its uncalibrated estimate of
 * that cup's TDS at this moment, and the model's calibration factor once the reading counts
 * (migration 0057 `calibration_factor`: the median of measured / estimated over the latest 20).
 * A machine or cup the caller may not see is a 404, before anything else is looked at.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  calibrationReadingResource,
  estimateCoffee,
  MACHINE_FAMILY_NAMES,
  type CoffeeQuality,
  type QualityProfile,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { ResourceDeps, ResourceHooks, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { QualityService } from './service.ts';

const READING_NAME = { en: 'Refractometer calibration', zh: '折光仪校准', tw: '折光儀校準' };

interface Machine {
  id: string;
  name: string;
  merchant_id: string | null;
  store_id: string | null;
  model_id: string;
  family: string | null;
}
interface Cup {
  id: string;
  product_code: string;
  coffee: CoffeeQuality | null;
  extraction_seconds: number | null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The machine and the cup a reading names, looked up in the caller's scope (404 when not seen). */
async function findCup(db: Db, input: Row): Promise<{ machine: Machine; cup: Cup | null }> {
  const [machine] = await rows<Machine>(
    db,
    sql`select id::text, name, merchant_id::text, store_id::text, model_id::text, family
        from device where id = ${input.deviceId as string}`,
  );
  if (!machine) throw new AppError('msg.deviceNotFound');
  const recordId = (input.productionRecordId as string | null | undefined) ?? null;
  const eventId = (input.eventId as string | null | undefined) || null;
  if (!recordId && !eventId) return { machine, cup: null };
  const [cup] = await rows<Cup>(
    db,
    sql`select id::text, product_code, coffee, extraction_seconds from production_record
        where device_id = ${machine.id}
          and ${recordId ? sql`id = ${recordId}` : sql`event_id = ${eventId}`}`,
  );
  if (!cup) throw new AppError('msg.notFound');
  return { machine, cup };
}

export function registerReadings(app: FastifyInstance, deps: ResourceDeps, quality: QualityService) {
  /** 404 for another tenant's machine or cup, before the generic reference check answers 400. */
  async function prepare(input: Row, { request }: { request: FastifyRequest }): Promise<Row> {
    await inRequestScope(deps.db, request, (tx) => findCup(tx, input));
    return input;
  }

  const hooks: ResourceHooks = {
    prepare,
    async beforeCreate(input, { db }) {
      const { machine, cup } = await findCup(db, input);
      if (machine.family !== 'coffee') {
        const params = { preset: READING_NAME, family: MACHINE_FAMILY_NAMES.coffee, machines: machine.name };
        throw new AppError('msg.presetOtherFamily', params, [
          { field: 'deviceId', message: 'msg.presetOtherFamily', params },
        ]);
      }
      const profile = await quality.profileOf(db, machine.id, cup?.product_code ?? null);
      const powderG = cup ? (cup.coffee?.powderG ?? null) : ((input.powderG as number | null) ?? null);
      const extractionS = cup ? cup.extraction_seconds : ((input.extractionS as number | null) ?? null);
      const estimatedTds = profile ? estimateOf(profile, cup, powderG, extractionS) : null;
      const beverageG = (input.beverageG as number | null | undefined) ?? null;
      return {
        ...input,
        merchantId: machine.merchant_id,
        storeId: machine.store_id,
        deviceModelId: machine.model_id,
        productionRecordId: cup?.id ?? null,
        powderG,
        extractionS,
        estimatedTds,
        measuredYield: measuredYield(input.measuredTds as number, beverageG, powderG),
      };
    },
    beforeUpdate(input, existing) {
      if (!('measuredTds' in input) && !('beverageG' in input)) return input;
      const merged = { ...existing, ...input };
      return {
        ...input,
        measuredYield: measuredYield(
          merged.measuredTds as number,
          (merged.beverageG as number | null) ?? null,
          (merged.powderG as number | null) ?? null,
        ),
      };
    },
    // The model's factor with this reading counted (and shown on it).
    async afterCreate(row, { db }) {
      row.modelFactor = await storeFactor(db, row);
    },
    async afterUpdate(row, _before, { db }) {
      row.modelFactor = await storeFactor(db, row);
    },
  };
  registerResource(app, deps, calibrationReadingResource, { hooks });
}

/**
 * The uncalibrated estimate of the cup's TDS: the record's coffee data, or for a cup the machine
 * did not report its dose and extraction time with the profile's reference flow and temperature
 * (no soak). Null when nothing can be estimated (the reading is kept and does not count).
 */
function estimateOf(
  profile: QualityProfile,
  cup: Cup | null,
  powderG: number | null,
  extractionS: number | null,
): number | null {
  const coffee: CoffeeQuality | null =
    cup?.coffee ??
    (cup === null && powderG !== null && profile.refFlowMlPerS !== null && profile.refTemperatureC !== null
      ? {
          soakFlowMlPerS: 0,
          soakTimeS: 0,
          extractionFlowMlPerS: profile.refFlowMlPerS,
          pressureBar: 9,
          temperatureC: profile.refTemperatureC,
          powderG,
          tampingForceN: 0,
          cakeThicknessMm: 0,
          chamberPosition: 0,
          grindDegree1: 0,
          grindDegree2: 0,
        }
      : null);
  if (!coffee || profile.kind === 'tea') return null;
  const estimate = estimateCoffee(coffee, extractionS, profile, 1);
  return estimate ? round(estimate.tds, 4) : null;
}

/** Measured extraction yield, %: measured TDS × beverage / powder, when the beverage was weighed. */
function measuredYield(tds: number, beverageG: number | null, powderG: number | null): number | null {
  return beverageG && powderG ? round((tds * beverageG) / powderG, 2) : null;
}

async function storeFactor(db: Db, row: Row): Promise<number> {
  const [{ factor }] = await rows<{ factor: number }>(
    db,
    sql`update calibration_reading
        set model_factor = calibration_factor(merchant_id, device_model_id)
        where id = ${row.id as string}
        returning model_factor as factor`,
  );
  return factor;
}
