-- The data center (issue 17 points 1, 2, 9), owned by the datacenter module: rollups of cups, extraction
-- quality, materials, sales, faults and cleanings per time zone, in local day (and hour) buckets, so that a
-- day's total is exact in any zone (Asia/Kolkata +05:30, Asia/Kathmandu +05:45, daylight-saving days).
-- Kept up to date by the job `datacenter.rollups` from two queues the domain events fill; rebuilt
-- exactly from the raw rows on demand. docs/data-center.md.

-- What kind of business a merchant is (tenancy's table; the merchant charts group by it).
alter table merchant add column kind text
  check (kind in ('chain-brand', 'distributor', 'manufacturer', 'store', 'supplier'));

-- The zones kept: 'UTC' always, and every zone a query asked for (backfilled by the job; until ready a
-- query of that zone counts raw rows). merged_at: the rollups hold every cup and order change stored
-- before it (the answer's asOf).
create table stat_zone (
  zone text primary key,
  ready boolean not null default false,
  built_at timestamptz,
  requested_at timestamptz not null default now(),
  merged_at timestamptz
);
insert into stat_zone (zone) values ('UTC');

-- Queues (keys only, no figures: no tenant columns). A cup stored by the ingest, not yet merged.
create table stat_pending_cup (
  device_id bigint not null,
  event_id text not null
);
-- Something that changes after it is written (an order, a fault, a cleaning): its cells are counted again.
create table stat_pending_cell (
  kind text not null check (kind in ('order', 'fault', 'cleaning')),
  ref_id bigint,
  device_id bigint,
  at timestamptz
);

create table stat_cup_day (
  zone text not null,
  day date not null,
  device_id bigint not null,
  product_code text not null,
  merchant_id bigint,
  store_id bigint,
  family text not null default '',
  cups integer not null default 0,
  completed integer not null default 0,
  failed integer not null default 0,
  bad integer not null default 0,
  scan_code integer not null default 0,
  manual integer not null default 0,
  cup_out_sum double precision not null default 0,
  cup_out_n integer not null default 0,
  extraction_sum double precision not null default 0,
  extraction_n integer not null default 0,
  powder_g double precision not null default 0,
  water_ml double precision not null default 0,
  unique nulls not distinct (zone, day, device_id, product_code, merchant_id, store_id)
);
create table stat_cup_hour (like stat_cup_day including defaults);
alter table stat_cup_hour drop column day, add column hour timestamp not null;
create unique index stat_cup_hour_key on stat_cup_hour (zone, hour, device_id, product_code, merchant_id, store_id)
  nulls not distinct;

create table stat_quality_day (
  zone text not null,
  day date not null,
  device_id bigint not null,
  product_code text not null,
  merchant_id bigint,
  store_id bigint,
  family text not null default '',
  label smallint not null,
  cups integer not null default 0,
  unique nulls not distinct (zone, day, device_id, product_code, merchant_id, store_id, label)
);

create table stat_material_day (
  zone text not null,
  day date not null,
  device_id bigint not null,
  merchant_id bigint,
  store_id bigint,
  family text not null default '',
  material text not null,
  grams double precision not null default 0,
  cups integer not null default 0,
  unique nulls not distinct (zone, day, device_id, merchant_id, store_id, material)
);

-- Sales: per (local day, machine (0: none), product, currency). product_code '' is the order-level row
-- (orders, their payment less refunds, tax, the cups of their product lines); a product's row counts the
-- orders holding it and its lines' share. Completed orders only.
create table stat_sales_day (
  zone text not null,
  day date not null,
  device_id bigint not null,
  product_code text not null,
  merchant_id bigint,
  store_id bigint,
  family text not null default '',
  currency text not null,
  orders integer not null default 0,
  cups_sold integer not null default 0,
  revenue numeric(16, 2) not null default 0,
  refunded numeric(16, 2) not null default 0,
  tax numeric(16, 2) not null default 0,
  unique nulls not distinct (zone, day, device_id, product_code, merchant_id, store_id, currency)
);
create table stat_sales_hour (like stat_sales_day including defaults);
alter table stat_sales_hour drop column day, add column hour timestamp not null;
create unique index stat_sales_hour_key on stat_sales_hour (zone, hour, device_id, product_code, merchant_id, store_id, currency)
  nulls not distinct;

-- Faults (by the local day they were raised) and cleanings. A fault still open counts its minutes to
-- now at query time: open_n faults raised at open_since (sum of epochs).
create table stat_care_day (
  zone text not null,
  day date not null,
  device_id bigint not null,
  merchant_id bigint,
  store_id bigint,
  family text not null default '',
  kind text not null check (kind in ('fault', 'cleaning')),
  code text not null,
  n integer not null default 0,
  critical integer not null default 0,
  failed integer not null default 0,
  seconds double precision not null default 0,
  open_n integer not null default 0,
  open_since double precision not null default 0,
  unique nulls not distinct (zone, day, device_id, merchant_id, store_id, kind, code)
);

-- The statistics read a zone's range of days (and a tenant's part of it).
create index stat_cup_day_read on stat_cup_day (zone, day);
create index stat_cup_hour_read on stat_cup_hour (zone, hour);
create index stat_quality_day_read on stat_quality_day (zone, day);
create index stat_material_day_read on stat_material_day (zone, day);
create index stat_sales_day_read on stat_sales_day (zone, day);
create index stat_sales_hour_read on stat_sales_hour (zone, hour);
create index stat_care_day_read on stat_care_day (zone, day);

do $$
declare t text;
begin
  foreach t in array array['stat_cup_day', 'stat_cup_hour', 'stat_quality_day', 'stat_material_day',
                           'stat_sales_day', 'stat_sales_hour', 'stat_care_day'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
