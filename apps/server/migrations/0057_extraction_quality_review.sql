-- Extraction quality, reviewed against the SCA references (docs/extraction-quality.md; contracts
-- extraction-estimate.ts holds the same rules):
--
-- 1. The golden region is closed on both sides. The SCA Golden Cup Standard is TDS 1.15 to 1.35 %
--    and extraction yield 18 to 22 %: a cup at exactly 1.35 % or 22 % is in it. width_bucket (0036)
--    left the high bound out (1.35 % read strong, 22 % bitter).
-- 2. Water 50 °C or more below the profile's reference (1 + 0.02 (T − TRef) <= 0; a temperature
--    sensor reporting 0) gives no label. 0036 clamped the yield to 0 and labelled the cup weak-acid.
-- 3. The calibration factor is the median, not the mean, of measured / estimated TDS over the 20
--    latest readings: one mistyped reading among three or more (13 for 1.3) no longer moves it.
--    The mean of 1, 1, 1 and 10 is 3.25, clamped to 2: every cup of the model doubled its yield.
-- 4. A tea segment the profile gives no target (a profile needs only the first) is not timed: its
--    target counted as 0 s, so any steeping was "over twice its target" and every cup read tea-over.

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
  heat float8;
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
  heat := 1 + 0.02::float8 * (temperature - ref_temperature);
  if heat <= 0 then return null; end if;
  ey := ref_yield * power(p_extraction_s / ref_time, 0.4::float8) * power(water / dose / ref_ratio, 0.3::float8)
        * power(ref_flow / flow, 0.25::float8) * heat * factor;
  tds := ey * dose / beverage;
  return array[tds, ey,
    (case when tds < tds_low then 2 when tds <= tds_high then 1 else 0 end) * 3
    + (case when ey < yield_low then 0 when ey <= yield_high then 1 else 2 end) + 1];
end $$;

-- A merchant's calibration of a machine model: the median of measured / estimated TDS over its 20
-- latest readings that had an estimate, kept within 0.5–2; 1 without readings.
create or replace function calibration_factor(p_merchant_id bigint, p_model_id bigint)
returns double precision language sql stable parallel safe as $$
  select case when count(*) = 0 then 1
              else least(2, greatest(0.5, percentile_cont(0.5) within group (order by r.ratio))) end
  from (select measured_tds / estimated_tds as ratio from calibration_reading
        where merchant_id = p_merchant_id and device_model_id = p_model_id and estimated_tds > 0
        order by measured_at desc, id desc limit 20) r
$$;

-- A tea's label code (0036), segments without a target not timed.
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
    if i < expected and not out_ then missing := true; end if;
    if target > 0 and i < expected then target_total := target_total + target; end if;
    if out_ and target > 0 then
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
