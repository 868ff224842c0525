-- The catalog and menus (issue 6): types, materials, toppings, snacks, options, recipe parameters
-- (platform), the code rule, extra products, products, what stores and machines sell, menu versions.
-- Menu pushes ride on device_command (type 'menu'), so they share its delivery, retries and states.

do $$
declare t text;
begin
  foreach t in array array['product_type', 'material_type', 'small_material_type', 'snack_type', 'extra_product_type'] loop
    execute format('create table %I (
      id bigint primary key default next_id(),
      merchant_id bigint references merchant (id),
      store_id bigint,
      name text not null,
      sort_order integer not null default 0,
      description text,
      created_by bigint,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())', t);
    execute format('create index %I on %I (merchant_id)', t || '_merchant_idx', t);
  end loop;
end $$;

create table material (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  code text,
  material_type_id bigint references material_type (id),
  unit text not null default 'g',
  shelf_life_hours integer,
  min double precision,
  max double precision,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table small_material (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  small_material_type_id bigint references small_material_type (id),
  charged boolean not null default false,
  price numeric(12, 2) not null default 0,
  material_id bigint references material (id),
  amount double precision,
  unit text default 'g',
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table snack (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  snack_type_id bigint references snack_type (id),
  price numeric(12, 2) not null,
  image text,
  listed boolean not null default true,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table option_type (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  multiple boolean not null default false,
  required boolean not null default true,
  sort_order integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table product_option (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  option_type_id bigint not null references option_type (id),
  price_change numeric(12, 2) not null default 0,
  amount_factor double precision not null default 1,
  is_default boolean not null default false,
  sort_order integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table product_parameter (
  id bigint primary key default next_id(),
  family text not null,
  key text not null,
  unit text not null,
  name text not null,
  tw_name text not null,
  en_name text not null,
  min double precision not null,
  max double precision not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (family, key),
  check (min <= max)
);

create table code_rule (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  prefix text,
  suffix text,
  digits integer not null default 4,
  next_number integer not null default 1,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table extra_product (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  name text not null,
  extra_product_type_id bigint references extra_product_type (id),
  price numeric(12, 2) not null,
  tax_name text,
  tax_type text,
  tax_rate double precision,
  listed boolean not null default true,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table product (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  name text not null,
  code text not null,
  kind text not null default 'drink',
  family text not null,
  product_type_id bigint references product_type (id),
  price numeric(12, 2) not null,
  delivery_price numeric(12, 2),
  description text,
  sort_order integer not null default 0,
  image text,
  listed boolean not null default true,
  orderable boolean not null default true,
  show_snacks boolean not null default false,
  material_type_id bigint references material_type (id),
  materials jsonb,
  unit text default 'g',
  shelf_life_hours integer,
  recipe jsonb,
  recipe_combos jsonb,
  recipe_version integer not null default 1,
  option_type_ids bigint[],
  free_small_material_ids bigint[],
  charged_small_material_ids bigint[],
  snack_ids bigint[],
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint product_merchant_code_key unique (merchant_id, code)
);

create table store_product (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint references store (id),
  product_id bigint not null references product (id) on delete cascade,
  price numeric(12, 2),
  available boolean not null default true,
  sort_order integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (store_id, product_id)
);

create table machine_product (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  product_id bigint not null references product (id) on delete cascade,
  price numeric(12, 2),
  available boolean not null default true,
  sort_order integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, product_id)
);

create table menu_release (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint references store (id),
  name text not null,
  device_ids bigint[],
  product_ids bigint[],
  version text not null,
  state text not null default 'draft',
  content jsonb not null,
  rolled_back_from bigint references menu_release (id),
  targets integer not null default 0,
  succeeded integer not null default 0,
  failed integer not null default 0,
  pushed_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menu_release_merchant_idx on menu_release (merchant_id, created_at desc);

-- The menu a machine should run (the last pushed to it) beside the one it reports running.
alter table device add column assigned_menu_version text;
alter table device_command add column menu_release_id bigint references menu_release (id) on delete set null;
alter table device_command add column details jsonb;
create index device_command_release_idx on device_command (menu_release_id) where menu_release_id is not null;
-- A machine that is away for days still gets its menu when it returns.
insert into command_config (command_type, expiry_seconds, max_attempts, retry_interval_seconds, description)
values ('menu', 604800, 20, 300, null);

do $$
declare t text;
begin
  foreach t in array array['product_type', 'material_type', 'small_material_type', 'snack_type', 'extra_product_type',
                           'material', 'small_material', 'snack', 'option_type', 'product_option', 'code_rule',
                           'extra_product', 'product', 'store_product', 'machine_product', 'menu_release'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
