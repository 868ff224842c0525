-- Extraction quality (issue 17 §3, docs/extraction-quality.md): profiles per machine model (and
-- recipe), refractometer calibration readings, and the SQL functions the data center's rollups label
-- each cup with. Owned by the quality module (apps/server/src/modules/quality). The same estimate is
-- written in TypeScript (packages/contracts extraction-estimate.ts); test/extraction-quality.test.ts
-- checks the two agree cup by cup.

-- What a cup is judged against. merchant_id null: the platform's (read by every merchant, changed by
-- the platform only); device_model_id null: any model; product_code null: any recipe. The most
-- specific row that matches a cup applies (cup_quality_profile).
create table extraction_profile (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  kind text not null check (kind in ('espresso', 'filter', 'tea')),
  device_model_id bigint references device_model (id) on delete cascade,
  product_code text,
  -- Coffee: the golden region (TDS %, extraction yield %) and the reference cup the estimate scales.
  tds_low double precision,
  tds_high double precision,
  yield_low double precision,
  yield_high double precision,
  ref_time_s double precision,
  ref_temperature_c double precision,
  ref_flow_ml_per_s double precision,
  ref_yield double precision,
  ref_ratio double precision,
  retained_water_g_per_g double precision,
  -- Tea: target steeping per segment, how many the recipe runs, and the limits.
  tea_target1_s double precision,
  tea_target2_s double precision,
  tea_target3_s double precision,
  tea_segments integer check (tea_segments between 1 and 3),
  tea_under_share double precision,
  tea_over_share double precision,
  leaf_low_g double precision,
  leaf_high_g double precision,
  remarks text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (tds_low is null or tds_high is null or tds_low <= tds_high),
  check (yield_low is null or yield_high is null or yield_low <= yield_high),
  check (leaf_low_g is null or leaf_high_g is null or leaf_low_g <= leaf_high_g)
);
-- One profile per owner, model, recipe and kind (the console says so with a 409).
create unique index extraction_profile_scope_key on extraction_profile
  (coalesce(merchant_id, 0), coalesce(device_model_id, 0), coalesce(product_code, ''), kind);

-- A refractometer reading of a cup: what the merchant measured, and what the server estimated for
-- that cup at that moment, uncalibrated (measured / estimated is what calibrates the model).
create table calibration_reading (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  device_model_id bigint,
  production_record_id bigint,
  -- Without a production record: the cup's dose and extraction time as the merchant gives them.
  powder_g double precision,
  extraction_s double precision,
  measured_tds double precision not null check (measured_tds > 0),
  beverage_g double precision,
  measured_at timestamptz not null default now(),
  estimated_tds double precision,
  measured_yield double precision,
  model_factor double precision,
  remarks text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index calibration_reading_model_idx on calibration_reading (merchant_id, device_model_id, measured_at desc);
create index calibration_reading_device_idx on calibration_reading (device_id);

do $$
declare t text;
begin
  foreach t in array array['extraction_profile', 'calibration_reading'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
-- The platform's profiles are every merchant's to read (never to change: the policy above checks writes).
create policy platform_profiles on extraction_profile for select using (merchant_id is null);

-- A merchant's calibration of a machine model: the mean of measured / estimated TDS over its 20
-- latest readings that had an estimate, kept within 0.5–2 (one mistyped reading cannot wreck a
-- fleet's labels); 1 without readings.
create or replace function calibration_factor(p_merchant_id bigint, p_model_id bigint)
returns double precision language sql stable parallel safe as $$
  select case when count(*) = 0 then 1
              else least(2, greatest(0.5, avg(r.measured_tds / r.estimated_tds))) end
  from (select measured_tds, estimated_tds from calibration_reading
        where merchant_id = p_merchant_id and device_model_id = p_model_id and estimated_tds > 0
        order by measured_at desc, id desc limit 20) r
$$;

-- The profile that applies to a machine's product: the thresholds and the merchant's calibration
-- (jsonb; null when none applies: the cup is not labelled). Most specific first: the merchant's
-- before the platform's, then a model's before any model's, then a recipe's before any recipe's;
-- for coffee an espresso profile before a filter one. Keys as contracts' QualityProfile.
create or replace function cup_quality_profile(p_device_id bigint, p_product_code text)
returns jsonb language sql stable parallel safe as $$
  select jsonb_build_object(
    'id', p.id::text, 'kind', p.kind,
    'tdsLow', p.tds_low, 'tdsHigh', p.tds_high, 'yieldLow', p.yield_low, 'yieldHigh', p.yield_high,
    'refTimeS', p.ref_time_s, 'refTemperatureC', p.ref_temperature_c,
    'refFlowMlPerS', p.ref_flow_ml_per_s, 'refYield', p.ref_yield, 'refRatio', p.ref_ratio,
    'retainedWaterGPerG', p.retained_water_g_per_g,
    'teaTargetsS', jsonb_build_array(p.tea_target1_s, p.tea_target2_s, p.tea_target3_s),
    'teaSegments', p.tea_segments, 'teaUnderShare', p.tea_under_share, 'teaOverShare', p.tea_over_share,
    'leafLowG', p.leaf_low_g, 'leafHighG', p.leaf_high_g,
    'factor', case when p.kind = 'tea' then 1 else calibration_factor(d.merchant_id, d.model_id) end,
    'readings', case when p.kind = 'tea' then 0 else (
      select count(*) from (select 1 from calibration_reading r
        where r.merchant_id = d.merchant_id and r.device_model_id = d.model_id and r.estimated_tds > 0
        limit 20) x) end)
  from device d
  join device_model dm on dm.id = d.model_id
  join device_type dt on dt.id = dm.device_type_id
  join lateral (
    select * from extraction_profile p
    where (p.merchant_id is null or p.merchant_id = d.merchant_id)
      and (p.device_model_id is null or p.device_model_id = d.model_id)
      and (p.product_code is null or p.product_code = p_product_code)
      and case coalesce(d.family, dt.family) when 'coffee' then p.kind in ('espresso', 'filter')
                                              when 'tea' then p.kind = 'tea' else false end
    order by (p.merchant_id is not null) desc, (p.device_model_id is not null) desc,
             (p.product_code is not null) desc, p.kind = 'filter', p.id
    limit 1
  ) p on true
  where d.id = p_device_id
$$;

-- The estimate (contracts extraction-estimate.ts, the same rules line by line; the constants are
-- its EXTRACTION_MODEL and TEA_SEGMENT_SHARES): EY = EYref × (t/tRef)^0.4 × (ratio/ratioRef)^0.3 ×
-- (flowRef/flow)^0.25 × max(0, 1 + 0.02 (T − TRef)) × factor; TDS = EY × powder / beverage.
-- Lean plpgsql: each reading is read from its jsonb once (measured ~5 µs a cup, about twice as fast
-- as one inlined SQL expression, which repeats the lookups); the rollups call it once per cup.

-- A coffee cup's estimate: {TDS %, EY %, label code 1–9}, or null when its readings or the profile
-- cannot give one. The code is strength row (strong 0, medium 1, weak 2) × 3 + yield column (acid 0,
-- balance 1, bitter 2) + 1; width_bucket: below low 0, from low up to (not including) high 1, from
-- high up 2.
create or replace function cup_quality_estimate(p_coffee jsonb, p_extraction_s double precision, p_profile jsonb)
returns double precision[] language plpgsql immutable parallel safe as $$
declare
  soak_flow float8 := (p_coffee->>'soakFlowMlPerS')::float8;
  soak_time float8 := (p_coffee->>'soakTimeS')::float8;
  flow float8 := (p_coffee->>'extractionFlowMlPerS')::float8;
  temperature float8 := (p_coffee->>'temperatureC')::float8;
  dose float8 := (p_coffee->>'powderG')::float8;
  tds_low float8 := (p_profile->>'tdsLow')::float8;
  tds_high float8 := (p_profile->>'tdsHigh')::float8;
  yield_low float8 := (p_profile->>'yieldLow')::float8;
  yield_high float8 := (p_profile->>'yieldHigh')::float8;
  ref_time float8 := (p_profile->>'refTimeS')::float8;
  ref_temperature float8 := (p_profile->>'refTemperatureC')::float8;
  ref_flow float8 := (p_profile->>'refFlowMlPerS')::float8;
  ref_yield float8 := (p_profile->>'refYield')::float8;
  ref_ratio float8 := (p_profile->>'refRatio')::float8;
  retained float8 := (p_profile->>'retainedWaterGPerG')::float8;
  factor float8 := coalesce((p_profile->>'factor')::float8, 1);
  water float8;
  beverage float8;
  ey float8;
  tds float8;
begin
  if soak_flow is null or soak_time is null or flow is null or temperature is null or dose is null
     or p_extraction_s is null or p_extraction_s <= 0 or dose <= 0 or flow <= 0
     or tds_low is null or tds_high is null or yield_low is null or yield_high is null
     or not (ref_time > 0 and ref_temperature > 0 and ref_flow > 0 and ref_yield > 0 and ref_ratio > 0)
     or retained is null then
    return null;
  end if;
  water := soak_flow * soak_time + flow * p_extraction_s;
  beverage := water - retained * dose;
  if beverage <= 0 then return null; end if;
  ey := ref_yield * power(p_extraction_s / ref_time, 0.4::float8) * power(water / dose / ref_ratio, 0.3::float8)
        * power(ref_flow / flow, 0.25::float8) * greatest(0, 1 + 0.02::float8 * (temperature - ref_temperature))
        * factor;
  tds := ey * dose / beverage;
  return array[tds, ey, (2 - width_bucket(tds, array[tds_low, tds_high])) * 3
                        + width_bucket(ey, array[yield_low, yield_high]) + 1];
end $$;

-- A tea's label code: 10 under, 12 over, 13 low leaves, 14 high leaves, else 11 balanced, in that
-- order of precedence; null when no segment was meant to run. A segment should have come out when
-- the recipe runs it (teaSegments), when a later one came out, or when steeping or leaves are
-- reported for it.
create or replace function cup_quality_tea(p_tea jsonb, p_profile jsonb)
returns smallint language plpgsql immutable parallel safe as $$
declare
  seg jsonb;
  out_ boolean;
  range_s float8;
  leaves float8 := 0;
  target float8;
  target_total float8 := 0;
  steeped float8 := 0;
  expected int := coalesce((p_profile->>'teaSegments')::int, 0);
  missing boolean := false;
  short_segment boolean := false;
  long_segment boolean := false;
begin
  for i in reverse 2..0 loop
    seg := p_tea->i;
    if coalesce((seg->>'out')::boolean, false) or coalesce((seg->>'rangeS')::float8, 0) > 0
       or coalesce((seg->>'amountG')::float8, 0) > 0 then
      expected := greatest(expected, i + 1);
      exit;
    end if;
  end loop;
  expected := least(3, expected);
  if expected = 0 then return null; end if;
  for i in 0..2 loop
    seg := p_tea->i;
    out_ := coalesce((seg->>'out')::boolean, false);
    range_s := coalesce((seg->>'rangeS')::float8, 0);
    leaves := leaves + coalesce((seg->>'amountG')::float8, 0);
    target := coalesce((p_profile->'teaTargetsS'->>i)::float8, 0);
    if i < expected then
      target_total := target_total + target;
      if not out_ then missing := true; end if;
    end if;
    if out_ then
      steeped := steeped + range_s;
      if range_s < 0.5::float8 * target then short_segment := true; end if;
      if range_s > 2::float8 * target then long_segment := true; end if;
    end if;
  end loop;
  if missing or short_segment
     or steeped < coalesce((p_profile->>'teaUnderShare')::float8, 0.8) * target_total then return 10; end if;
  if long_segment or steeped > coalesce((p_profile->>'teaOverShare')::float8, 1.25) * target_total then return 12; end if;
  if leaves < (p_profile->>'leafLowG')::float8 then return 13; end if;
  if leaves > (p_profile->>'leafHighG')::float8 then return 14; end if;
  return 11;
end $$;

-- A cup's label code (contracts data-center.ts QUALITY_LABELS index + 1), or null: coffee from its
-- coffee data and extraction time, tea from its segments, nothing for other families or without a
-- profile of the cup's kind. One SQL expression: the planner inlines it, leaving one call per cup.
create or replace function cup_quality(p_family text, p_coffee jsonb, p_tea jsonb,
  p_extraction_s double precision, p_profile jsonb)
returns smallint language sql immutable parallel safe as $$
  select case
    when p_family = 'coffee' and p_profile->>'kind' in ('espresso', 'filter') and jsonb_typeof(p_coffee) = 'object'
      then (cup_quality_estimate(p_coffee, p_extraction_s, p_profile))[3]::smallint
    when p_family = 'tea' and p_profile->>'kind' = 'tea' and jsonb_typeof(p_tea) = 'array'
      then cup_quality_tea(p_tea, p_profile)
  end
$$;
