/**
 * `POST /api/coffee/extraction-profile/estimate` (extraction-profile:estimate): the data center's
 * calculator. A merchant describes one cup — what one of its coffee machines reports for it — and a
 * recipe; the answer is that cup's estimated TDS and yield, its label and the profile's golden region,
 * judged exactly as the machine's real cups of that recipe are (the profile `cup_quality_profile`
 * picks for the machine and product, with the merchant's calibration of the model). Nothing is
 * stored. A machine the caller may not see is a 404; a machine of another family is refused.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  estimateCoffee,
  MACHINE_FAMILY_NAMES,
  P,
  trialEstimateAnswer,
  trialEstimateBody,
  type CoffeeQuality,
  type QualityProfile,
  type TrialEstimateAnswer,
  type TrialEstimateBody,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { QualityService } from './service.ts';

const CALCULATOR_NAME = { en: 'Extraction estimate', zh: '萃取估算', tw: '萃取估算' };

interface Machine {
  id: string;
  name: string;
  family: string | null;
  model_name: string;
}

/**
 * The extraction flow of the described cup: given, or from the water in (less the soak's) or the
 * cup volume (plus what the cake keeps) over the extraction time. Null when the profile cannot say
 * what the cake keeps (a cup volume with no coffee profile) or nothing is left after the soak.
 */
export function flowOf(body: TrialEstimateBody, profile: QualityProfile | null): number | null {
  if (body.extractionFlowMlPerS !== undefined) return body.extractionFlowMlPerS;
  const soakWater = (body.soakFlowMlPerS ?? 0) * (body.soakTimeS ?? 0);
  let water = body.waterG ?? null;
  if (water === null && body.cupG !== undefined) {
    const retained = profile?.retainedWaterGPerG ?? null;
    water = retained === null ? null : body.cupG + retained * body.powderG;
  }
  if (water === null) return null;
  // Less water than the soak took leaves no extraction: no estimate (rather than a negative flow).
  const flow = (water - soakWater) / body.extractionS;
  return flow > 0 ? flow : null;
}

/** The described cup as the device protocol's coffee data (what estimateCoffee reads). */
function describedCup(body: TrialEstimateBody, flow: number, profile: QualityProfile): CoffeeQuality {
  return {
    soakFlowMlPerS: body.soakFlowMlPerS ?? 0,
    soakTimeS: body.soakTimeS ?? 0,
    extractionFlowMlPerS: flow,
    // Not in the estimate: pressure, tamping and grind act through the flow and time given.
    pressureBar: 0,
    temperatureC: body.temperatureC ?? profile.refTemperatureC ?? 0,
    powderG: body.powderG,
    tampingForceN: 0,
    cakeThicknessMm: 0,
    chamberPosition: 0,
    grindDegree1: 0,
    grindDegree2: 0,
  };
}

async function machineOf(db: Db, deviceId: string): Promise<Machine> {
  const [machine] = await rows<Machine>(
    db,
    sql`select d.id::text, d.name, d.family, m.name as model_name
        from device d join device_model m on m.id = d.model_id where d.id = ${deviceId}`,
  );
  if (!machine) throw new AppError('msg.deviceNotFound');
  if (machine.family !== 'coffee') {
    const params = { preset: CALCULATOR_NAME, family: MACHINE_FAMILY_NAMES.coffee, machines: machine.name };
    throw new AppError('msg.presetOtherFamily', params, [
      { field: 'deviceId', message: 'msg.presetOtherFamily', params },
    ]);
  }
  return machine;
}

async function profileName(db: Db, profileId: string): Promise<string | null> {
  const [row] = await rows<{ name: string }>(
    db,
    sql`select name from extraction_profile where id = ${profileId}`,
  );
  return row?.name ?? null;
}

export function registerTrialEstimate(app: FastifyInstance, db: Db, quality: QualityService) {
  app.post(
    '/api/coffee/extraction-profile/estimate',
    {
      schema: {
        body: trialEstimateBody,
        response: answer(trialEstimateAnswer),
        tags: ['extraction-profile'],
        description:
          'The estimate of a cup described by what a coffee machine reports (dose, extraction time, and one of the flow, the water in or the cup volume), judged by the profile and calibration of that machine and recipe. Nothing is stored.',
      },
      config: { permission: P.extractionProfile.estimate, noAudit: true },
    },
    async (request): Promise<TrialEstimateAnswer> => {
      const body = request.body as TrialEstimateBody;
      return inRequestScope(db, request, async (tx) => {
        const machine = await machineOf(tx, body.deviceId);
        const profile = await quality.profileOf(tx, machine.id, body.productCode || null);
        const flow = flowOf(body, profile);
        const result: TrialEstimateAnswer = {
          modelName: machine.model_name,
          profileId: profile?.id ?? null,
          profileName: profile ? await profileName(tx, profile.id) : null,
          kind: profile?.kind ?? null,
          label: null,
          tds: null,
          yield: null,
          waterG: null,
          beverageG: null,
          extractionFlowMlPerS: flow,
          factor: profile?.factor ?? 1,
          readings: profile?.readings ?? 0,
          tdsLow: profile?.tdsLow ?? null,
          tdsHigh: profile?.tdsHigh ?? null,
          yieldLow: profile?.yieldLow ?? null,
          yieldHigh: profile?.yieldHigh ?? null,
        };
        if (!profile || profile.kind === 'tea' || flow === null) return result;
        const estimate = estimateCoffee(describedCup(body, flow, profile), body.extractionS, profile);
        return estimate ? { ...result, ...estimate } : result;
      });
    },
  );
}
