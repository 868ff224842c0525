-- The data center's read path (issue 17 §8), owned by the datacenter module. docs/data-center.md.
--
-- 1. Coarser rollups. The rollups of 0037 are per machine × product × local day (and hour): a page
-- over the fleet read ~28,000 rows for 30 days of 600,000 cups, and usage by hour of day ~234,000
-- (about one row a cup). Pages that need neither the machine nor the product read these instead, kept
-- by the same merge and rebuild (sums of the same cups, so their totals are the fine ones'):
--   per machine and day, per merchant × product and day, per merchant and hour, per store and hour,
--   quality per merchant × product and day, materials per merchant and day, sales per merchant ×
--   product and day. The query takes the smallest one holding every column its grouping, filters and
--   scope need (query.ts `GRAINS`).
-- Tables without store_id hold no store's rows for a store's staff (their policy has no store arm):
-- the query reads a table with store_id in a store scope, so such a scope never sees less than before
-- nor more.

create table stat_cup_device_day (like stat_cup_day including defaults);
alter table stat_cup_device_day drop column product_code;
-- Leading with the machine: the machine-data page filters one machine; stat_cup_device_day_read serves
-- the fleet's ranges.
create unique index stat_cup_device_day_key on stat_cup_device_day (zone, device_id, day, merchant_id, store_id)
  nulls not distinct;
create index stat_cup_device_day_read on stat_cup_device_day (zone, day);

create table stat_cup_product_day (like stat_cup_day including defaults);
alter table stat_cup_product_day drop column device_id, drop column store_id;
create unique index stat_cup_product_day_key on stat_cup_product_day (zone, day, merchant_id, product_code, family)
  nulls not distinct;

create table stat_cup_merchant_hour (like stat_cup_hour including defaults);
alter table stat_cup_merchant_hour drop column device_id, drop column product_code, drop column store_id;
create unique index stat_cup_merchant_hour_key on stat_cup_merchant_hour (zone, hour, merchant_id, family)
  nulls not distinct;

-- Read with a store filter (or a store's scope) only: the store leads.
create table stat_cup_store_hour (like stat_cup_hour including defaults);
alter table stat_cup_store_hour drop column device_id, drop column product_code;
create unique index stat_cup_store_hour_key on stat_cup_store_hour (zone, store_id, hour, merchant_id, family)
  nulls not distinct;

create table stat_quality_product_day (like stat_quality_day including defaults);
alter table stat_quality_product_day drop column device_id, drop column store_id;
create unique index stat_quality_product_day_key on stat_quality_product_day (zone, day, merchant_id, product_code, family, label)
  nulls not distinct;

create table stat_material_merchant_day (like stat_material_day including defaults);
alter table stat_material_merchant_day drop column device_id, drop column store_id;
create unique index stat_material_merchant_day_key on stat_material_merchant_day (zone, day, merchant_id, family, material)
  nulls not distinct;

-- Made from stat_sales_day's rows of the days counted again (sales are recounted per cell, not added).
create table stat_sales_product_day (like stat_sales_day including defaults);
alter table stat_sales_product_day drop column device_id, drop column store_id;
create unique index stat_sales_product_day_key on stat_sales_product_day (zone, day, merchant_id, product_code, family, currency)
  nulls not distinct;

-- The per-machine sales pages read the order-level rows only: the fleet's machines over a range
-- (device) or one machine's (machine-data, found in the index without visiting the others' rows).
create index stat_sales_day_orders on stat_sales_day (zone, day, device_id) where product_code = '';
create index stat_sales_hour_orders on stat_sales_hour (zone, hour, device_id) where product_code = '';

-- 2. Row-level security evaluated once a query, not once a row, as every tenant table's is since
-- 0043 (app_scope_all/merchants/stores, each called once as an InitPlan). The rollups written below
-- without store_id show nothing to a store scope (the query never reads them in one).

do $$
declare
  t text;
  rule text;
  with_store constant text :=
    '(select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[]) or store_id = any ((select app_scope_stores())::bigint[])';
  without_store constant text := '(select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])';
begin
  foreach t in array array['stat_cup_day', 'stat_cup_hour', 'stat_quality_day', 'stat_material_day',
                           'stat_sales_day', 'stat_sales_hour', 'stat_care_day', 'stat_cup_device_day',
                           'stat_cup_store_hour', 'stat_cup_product_day', 'stat_cup_merchant_hour',
                           'stat_quality_product_day', 'stat_material_merchant_day', 'stat_sales_product_day'] loop
    rule := case when t in ('stat_cup_product_day', 'stat_cup_merchant_hour', 'stat_quality_product_day',
                            'stat_material_merchant_day', 'stat_sales_product_day')
                 then without_store else with_store end;
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('drop policy if exists tenant_isolation on %I', t);
    execute format('create policy tenant_isolation on %I using (%s) with check (%s)', t, rule, rule);
  end loop;
end $$;

-- 3. A version per zone, moved by every merge that changed a figure and by every rebuild: an answer
-- computed at one version is the answer until the next (the query's cache key, query.ts).
alter table stat_zone add column version bigint not null default 0;

-- The zones already built: their coarse rows are sums of their fine ones (what the merge and the
-- rebuild keep them equal to), so they are made from those, and the zones stay ready.
insert into stat_cup_device_day (zone, day, device_id, merchant_id, store_id, family, cups, completed, failed, bad,
    scan_code, manual, cup_out_sum, cup_out_n, extraction_sum, extraction_n, powder_g, water_ml)
  select zone, day, device_id, merchant_id, store_id, max(family), sum(cups), sum(completed), sum(failed), sum(bad),
    sum(scan_code), sum(manual), sum(cup_out_sum), sum(cup_out_n), sum(extraction_sum), sum(extraction_n),
    sum(powder_g), sum(water_ml)
  from stat_cup_day group by zone, day, device_id, merchant_id, store_id;
insert into stat_cup_product_day (zone, day, merchant_id, product_code, family, cups, completed, failed, bad,
    scan_code, manual, cup_out_sum, cup_out_n, extraction_sum, extraction_n, powder_g, water_ml)
  select zone, day, merchant_id, product_code, family, sum(cups), sum(completed), sum(failed), sum(bad),
    sum(scan_code), sum(manual), sum(cup_out_sum), sum(cup_out_n), sum(extraction_sum), sum(extraction_n),
    sum(powder_g), sum(water_ml)
  from stat_cup_day group by zone, day, merchant_id, product_code, family;
insert into stat_cup_store_hour (zone, hour, merchant_id, store_id, family, cups, completed, failed, bad,
    scan_code, manual, cup_out_sum, cup_out_n, extraction_sum, extraction_n, powder_g, water_ml)
  select zone, hour, merchant_id, store_id, family, sum(cups), sum(completed), sum(failed), sum(bad),
    sum(scan_code), sum(manual), sum(cup_out_sum), sum(cup_out_n), sum(extraction_sum), sum(extraction_n),
    sum(powder_g), sum(water_ml)
  from stat_cup_hour group by zone, hour, merchant_id, store_id, family;
insert into stat_cup_merchant_hour (zone, hour, merchant_id, family, cups, completed, failed, bad,
    scan_code, manual, cup_out_sum, cup_out_n, extraction_sum, extraction_n, powder_g, water_ml)
  select zone, hour, merchant_id, family, sum(cups), sum(completed), sum(failed), sum(bad),
    sum(scan_code), sum(manual), sum(cup_out_sum), sum(cup_out_n), sum(extraction_sum), sum(extraction_n),
    sum(powder_g), sum(water_ml)
  from stat_cup_hour group by zone, hour, merchant_id, family;
insert into stat_quality_product_day (zone, day, merchant_id, product_code, family, label, cups)
  select zone, day, merchant_id, product_code, family, label, sum(cups)
  from stat_quality_day group by zone, day, merchant_id, product_code, family, label;
insert into stat_material_merchant_day (zone, day, merchant_id, family, material, grams, cups)
  select zone, day, merchant_id, family, material, sum(grams), sum(cups)
  from stat_material_day group by zone, day, merchant_id, family, material;
insert into stat_sales_product_day (zone, day, merchant_id, product_code, family, currency, orders, cups_sold,
    revenue, refunded, tax)
  select zone, day, merchant_id, product_code, family, currency, sum(orders), sum(cups_sold),
    sum(revenue), sum(refunded), sum(tax)
  from stat_sales_day group by zone, day, merchant_id, product_code, family, currency;
analyze stat_cup_device_day, stat_cup_product_day, stat_cup_store_hour, stat_cup_merchant_hour,
  stat_quality_product_day, stat_material_merchant_day, stat_sales_product_day;
