/**
 * The `extraction-profile` resource: a merchant reads its own profiles and the platform's (merchant
 * empty), and changes only its own; the platform changes any. Ranges are checked (a low above its
 * high is refused naming the field), and a profile carries what its kind needs to label a cup.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { extractionProfileResource, type Localized } from '@brewfleet/contracts';
import type { AuthUser } from '../../platform/auth/auth-user.ts';
import { registerResource } from '../../platform/crud/register-resource.ts';
import type { ResourceDeps, ResourceHooks, Row } from '../../platform/crud/types.ts';
import { AppError } from '../../platform/http/errors.ts';

const PLATFORM: Localized = { en: 'the platform', zh: '平台', tw: '平台' };

const idArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Rows a caller sees: the platform's and, for a merchant or store user, its merchants'. */
function visible(user: AuthUser) {
  const scope = user.scope;
  if (scope.kind === 'platform' || scope.kind === 'system') return undefined;
  // A store user's rows: the platform's (row-level security gives it no merchant row either).
  const merchantIds = scope.kind === 'merchant' ? scope.merchantIds : [];
  return sql`(extraction_profile.merchant_id is null
              or extraction_profile.merchant_id = any(${idArray(merchantIds)}::bigint[]))`;
}

const isPlatform = (user: AuthUser) => user.scope.kind === 'platform' || user.scope.kind === 'system';

/** The platform's rows are read-only to merchants (403 naming the owner, like an inherited row). */
function refusePlatformRow(row: Row, user: AuthUser) {
  if (row.merchantId == null && !isPlatform(user))
    throw new AppError('msg.inheritedReadOnly', { owner: PLATFORM });
}

const RANGES = [
  ['tdsLow', 'tdsHigh'],
  ['yieldLow', 'yieldHigh'],
  ['leafLowG', 'leafHighG'],
] as const;

const COFFEE_NEEDS = [
  'tdsLow',
  'tdsHigh',
  'yieldLow',
  'yieldHigh',
  'refTimeS',
  'refTemperatureC',
  'refFlowMlPerS',
  'refYield',
  'refRatio',
  'retainedWaterGPerG',
] as const;
/** A reference the estimate divides by or scales with: zero would label nothing. */
const POSITIVE = ['refTimeS', 'refFlowMlPerS', 'refYield', 'refRatio'] as const;

/** The profile as it will be (`input` over `existing`): its ranges in order, its kind's values given. */
function checkProfile(input: Row, existing: Row = {}) {
  const value = (key: string) => (key in input ? input[key] : existing[key]) as number | null | undefined;
  for (const [low, high] of RANGES) {
    const [min, max] = [value(low), value(high)];
    if (min == null || max == null || min <= max) continue;
    const params = { min, max };
    const field = low in input ? low : high;
    throw new AppError('msg.materialMinAboveMax', params, [
      { field, message: 'msg.materialMinAboveMax', params },
    ]);
  }
  const kind = value('kind') as unknown as string;
  const needs = kind === 'tea' ? ['teaTarget1S'] : COFFEE_NEEDS;
  const missing = needs.find((key) => value(key) == null);
  // The message names the field, as a request schema's does ('teaTarget1S: This field is required').
  if (missing)
    throw new AppError('msg.fieldRequired', { field: missing }, [
      { field: missing, message: 'msg.required' },
    ]);
  const zero = kind === 'tea' ? undefined : POSITIVE.find((key) => !(Number(value(key)) > 0));
  if (zero)
    throw new AppError('msg.fieldMustBePositive', { field: zero }, [
      { field: zero, message: 'msg.fieldMustBePositive', params: { field: zero } },
    ]);
}

const hooks: ResourceHooks = {
  visible,
  beforeCreate(input, { user }) {
    checkProfile(input);
    // A merchant user's profile is its merchant's unless it names one below it; the platform's
    // own profiles have none.
    const merchantId =
      (input.merchantId as string | null | undefined) ?? (isPlatform(user) ? null : user.merchantId);
    if (!merchantId && !isPlatform(user))
      throw new AppError('msg.merchantRequired', {}, [
        { field: 'merchantId', message: 'msg.merchantRequired' },
      ]);
    return { ...input, merchantId: merchantId ?? null };
  },
  beforeUpdate(input, existing, { user }) {
    refusePlatformRow(existing, user);
    checkProfile(input, existing);
    return input;
  },
  beforeDelete(rows, { user }) {
    for (const row of rows) refusePlatformRow(row, user);
  },
};

export function registerProfiles(app: FastifyInstance, deps: ResourceDeps) {
  registerResource(app, deps, extractionProfileResource, { hooks });
}
