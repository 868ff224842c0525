-- Taxes (issue 11): a merchant's taxes and their allocations to product types and extra products,
-- owned by the taxes module (apps/server/src/modules/taxes). An allocation takes its order type and
-- country from its tax, so that "a product type has one tax per order type (in a country)" is a
-- unique index. Extra products carried their tax inline (tax_name, tax_type, tax_rate): those become
-- taxes and allocations here, and the inline columns go. Extra products gain a kind ('packaging' for
-- bags and carriers: the console's Packaging bag list).

-- The rows moved below are every merchant's: read and write them as the server's internals do.
select set_config('app.scope', 'system', true);

create table tax (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  name text not null,
  -- ISO 3166-1 alpha-2: its rule computes the tax (prices include it or not, rounding).
  country text not null check (country ~ '^[A-Z]{2}$'),
  -- The order type it is for: dine-in, packaging (packed orders), platform-takeaway.
  type text not null,
  -- What kind of tax: vat, sales, consumption, gst, business, other.
  tax_type text not null default 'vat',
  -- Percentages as exact decimal text ("8.875"): computed in integers, never as binary floats.
  rate text not null check (rate ~ '^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$'),
  base text default '100' check (base ~ '^(100(\.0{1,4})?|\d{1,2}(\.\d{1,4})?)$'),
  remarks text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index tax_merchant_idx on tax (merchant_id);

create table tax_allocation (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  tax_id bigint not null references tax (id),
  -- Gone with what it taxes: a deleted product type or extra product leaves no allocation behind.
  product_type_id bigint references product_type (id) on delete cascade,
  extra_product_id bigint references extra_product (id) on delete cascade,
  order_type text not null,
  country text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((product_type_id is null) <> (extra_product_id is null))
);
create unique index tax_allocation_product_type_key
  on tax_allocation (merchant_id, product_type_id, order_type, country) where product_type_id is not null;
create unique index tax_allocation_extra_product_key
  on tax_allocation (merchant_id, extra_product_id, order_type, country) where extra_product_id is not null;
create index tax_allocation_tax_idx on tax_allocation (tax_id);

-- Extra products: packaging or another add-on. What carried a packaging or delivery tax is packaging.
alter table extra_product add column kind text not null default 'other';
update extra_product set kind = 'packaging' where tax_type in ('packaging', 'platform-takeaway');

-- The inline taxes become taxes (one per merchant, name, type and rate) and allocations. The
-- country is the merchant's when it is a two-letter code, else TW (the console's home market).
create temporary table moved_tax on commit drop as
select e.id as extra_product_id, e.merchant_id,
       coalesce(nullif(trim(e.tax_name), ''), 'Tax') as name,
       coalesce(e.tax_type, 'packaging') as type,
       trim_scale(round(least(greatest(e.tax_rate, 0), 100)::numeric, 4))::text as rate,
       case when upper(trim(m.country)) ~ '^[A-Z]{2}$' then upper(trim(m.country)) else 'TW' end as country
from extra_product e join merchant m on m.id = e.merchant_id
where e.tax_rate is not null and e.merchant_id is not null;

insert into tax (merchant_id, name, country, type, tax_type, rate)
select distinct merchant_id, name, country, type,
       case country when 'TW' then 'business' when 'JP' then 'consumption' when 'US' then 'sales'
                    when 'CA' then 'gst' when 'SG' then 'gst' else 'vat' end,
       rate
from moved_tax;

insert into tax_allocation (merchant_id, tax_id, extra_product_id, order_type, country)
select mt.merchant_id, t.id, mt.extra_product_id,
       case mt.type when 'packaging' then 'pack' else mt.type end, mt.country
from moved_tax mt
join lateral (
  select id from tax t
  where t.merchant_id = mt.merchant_id and t.name = mt.name and t.type = mt.type and t.rate = mt.rate
    and t.country = mt.country
  order by id limit 1
) t on true;

alter table extra_product drop column tax_name, drop column tax_type, drop column tax_rate;

-- Tenant rows, like the catalog's: a sub-merchant reads (never changes) its ancestors' taxes too,
-- since its machines sell its parent's products (migration 0021's app.inherited_ids).
do $$
declare t text;
begin
  foreach t in array array['tax', 'tax_allocation'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
    execute format('create policy inherited_catalog on %I for select using (app_scope_inherits(merchant_id))', t);
  end loop;
end $$;
