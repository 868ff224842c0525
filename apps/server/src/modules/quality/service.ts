/**
 * The quality module's service: the profile that applies to a machine's product (migration 0036
 * `cup_quality_profile`, the merchant's calibration included), for the estimate in TypeScript.
 */
import { sql } from 'drizzle-orm';
import type { QualityProfile } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';

export interface QualityService {
  /** The profile of a machine's product in `db`'s scope, or null (its cups are not labelled). */
  profileOf(db: Db, deviceId: string, productCode: string | null): Promise<QualityProfile | null>;
}

export function createQualityService(): QualityService {
  return {
    async profileOf(db, deviceId, productCode) {
      const [row] = await rows<{ profile: QualityProfile | null }>(
        db,
        sql`select cup_quality_profile(${deviceId}::bigint, ${productCode}::text) as profile`,
      );
      return row?.profile ?? null;
    },
  };
}
