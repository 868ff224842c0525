/**
 * `GET /api/coffee/extraction-profile/estimate?recordId=`: one cup's label as the data center counts
 * it (the same rules as SQL `cup_quality`, in TypeScript: contracts extraction-estimate.ts), with the
 * estimate behind it and the profile and calibration it was judged by. Whoever may read the cup may
 * read its estimate; another tenant's cup is a 404.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  cupEstimateAnswer,
  cupEstimateQuery,
  estimateCoffee,
  estimateTea,
  P,
  type CoffeeQuality,
  type CupEstimateAnswer,
  type TeaSegment,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inRequestScope } from '../../platform/crud/scope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { answer } from '../../platform/http/answers.ts';
import type { QualityService } from './service.ts';

interface CupRow {
  device_id: string;
  product_code: string;
  family: string | null;
  coffee: CoffeeQuality | null;
  tea: TeaSegment[] | null;
  extraction_seconds: number | null;
}

export function registerEstimate(app: FastifyInstance, db: Db, quality: QualityService) {
  app.get(
    '/api/coffee/extraction-profile/estimate',
    {
      schema: {
        querystring: cupEstimateQuery,
        response: answer(cupEstimateAnswer),
        tags: ['extraction-profile'],
      },
      config: { permission: P.productionRecord.list, noAudit: true },
    },
    async (request): Promise<CupEstimateAnswer> => {
      const { recordId } = request.query as { recordId: string };
      return inRequestScope(db, request, async (tx) => {
        const [cup] = await rows<CupRow>(
          tx,
          sql`select r.device_id::text, r.product_code, d.family, r.coffee, r.tea, r.extraction_seconds
              from production_record r join device d on d.id = r.device_id
              where r.id = ${recordId}`,
        );
        if (!cup) throw new AppError('msg.notFound');
        const profile = await quality.profileOf(tx, cup.device_id, cup.product_code);
        const none = { tds: null, yield: null, waterG: null, beverageG: null };
        const result: CupEstimateAnswer = {
          recordId,
          profileId: profile?.id ?? null,
          kind: profile?.kind ?? null,
          label: null,
          ...none,
          factor: profile?.factor ?? 1,
          readings: profile?.readings ?? 0,
        };
        if (!profile) return result;
        if (cup.family === 'coffee' && profile.kind !== 'tea' && cup.coffee) {
          const estimate = estimateCoffee(cup.coffee, cup.extraction_seconds, profile);
          if (estimate) Object.assign(result, estimate);
        } else if (cup.family === 'tea' && profile.kind === 'tea' && cup.tea)
          result.label = estimateTea(cup.tea, profile);
        return result;
      });
    },
  );
}
