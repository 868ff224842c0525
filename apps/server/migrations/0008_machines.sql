-- Machines (issue 5): device types and models (platform catalog), devices with their MQTT secret
-- hash and live state, what they report (production, faults, cleanings, the machine log), remote
-- commands as rows with states, channels, and the debugging settings.

create table device_type (
  id bigint primary key default next_id(),
  name text not null,
  family text not null check (family in ('coffee', 'tea', 'ice-sand', 'milk-frother', 'blender')),
  automation text not null check (automation in ('automatic', 'semi-automatic')),
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table device_model (
  id bigint primary key default next_id(),
  name text not null,
  code text not null unique,
  device_type_id bigint not null references device_type (id),
  manufacturer text,
  channel_count integer not null default 6,
  basic_maintenance_cups integer not null default 500,
  deep_maintenance_cups integer not null default 5000,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table device (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint references store (id),
  name text not null,
  serial_number text not null unique,
  model_id bigint not null references device_model (id),
  family text,
  automation text,
  code text,
  retailer text,
  card_machine_serial text,
  location text,
  latitude double precision,
  longitude double precision,
  brand text,
  phone text,
  manufacture_date date,
  usage_date date,
  available_merchant_ids bigint[],
  -- MQTT credentials: SHA-256 of a 256-bit random secret (a slow hash buys nothing for such a secret
  -- and would make every reconnect storm a CPU storm).
  secret_hash text,
  secret_rotated_at timestamptz,
  -- Live state, written by the gateway.
  online boolean not null default false,
  last_seen_at timestamptz,
  state text,
  locked boolean not null default false,
  alarm boolean not null default false,
  fault_codes jsonb,
  material_shortage boolean not null default false,
  maintenance_due boolean not null default false,
  menu_status text not null default 'not-updated',
  menu_version text,
  firmware text,
  total_cups integer not null default 0,
  cups_since_basic integer not null default 0,
  cups_since_deep integer not null default 0,
  last_basic_maintenance_at timestamptz,
  last_deep_maintenance_at timestamptz,
  clock_skewed boolean not null default false,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index device_merchant_idx on device (merchant_id);
create index device_store_idx on device (store_id);
create index device_model_idx on device (model_id);

create table production_record (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  serial_number text not null,
  event_id text not null,
  produced_at timestamptz not null,
  product_code text not null,
  recipe_version text,
  method text not null,
  result text not null,
  bad_cup boolean not null default false,
  started_at timestamptz,
  cup_out_seconds double precision,
  extraction_seconds double precision,
  coffee jsonb,
  tea jsonb,
  materials jsonb,
  received_at timestamptz not null default now(),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, event_id)
);
create index production_record_merchant_time_idx on production_record (merchant_id, produced_at desc);
create index production_record_device_time_idx on production_record (device_id, produced_at desc);

create table fault_log (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  serial_number text not null,
  event_id text not null,
  code text not null,
  message text,
  severity text not null default 'warning',
  active boolean not null default true,
  raised_at timestamptz not null,
  cleared_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, event_id)
);
create index fault_log_device_time_idx on fault_log (device_id, raised_at desc);
create index fault_log_merchant_time_idx on fault_log (merchant_id, raised_at desc);

create table cleaning_record (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  serial_number text not null,
  event_id text not null,
  kind text not null,
  result text not null,
  duration_seconds double precision,
  cleaned_at timestamptz not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, event_id)
);
create index cleaning_record_device_time_idx on cleaning_record (device_id, cleaned_at desc);

create table device_log (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  serial_number text not null,
  kind text not null,
  message text,
  at timestamptz not null default now(),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index device_log_device_time_idx on device_log (device_id, at desc);
create index device_log_merchant_time_idx on device_log (merchant_id, at desc);

create table command_config (
  id bigint primary key default next_id(),
  command_type text not null unique,
  expiry_seconds integer not null,
  max_attempts integer not null,
  retry_interval_seconds integer not null,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
insert into command_config (command_type, expiry_seconds, max_attempts, retry_interval_seconds, description) values
  ('lock', 600, 5, 30, null),
  ('unlock', 600, 5, 30, null),
  ('startup', 600, 5, 30, null),
  ('shutdown', 600, 5, 30, null),
  ('restart', 600, 5, 30, null),
  ('debug', 300, 3, 30, null);

create table device_command (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  serial_number text not null,
  command_id text not null unique,
  type text not null,
  state text not null default 'queued'
    check (state in ('queued', 'sent', 'acknowledged', 'succeeded', 'failed', 'expired')),
  params jsonb,
  issued_by text,
  attempts integer not null default 0,
  max_attempts integer not null,
  retry_interval_seconds integer not null,
  next_attempt_at timestamptz not null default now(),
  reason text,
  expires_at timestamptz not null,
  sent_at timestamptz,
  acknowledged_at timestamptz,
  finished_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index device_command_device_idx on device_command (device_id, created_at desc);
-- The delivery job looks only at open commands.
create index device_command_open_idx on device_command (next_attempt_at) where state in ('queued', 'sent');

create table channel_type (
  id bigint primary key default next_id(),
  name text not null,
  code text,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table channel_config (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint,
  config_name text not null,
  name text not null,
  channel_number integer not null,
  channel_type_id bigint references channel_type (id),
  material text,
  pre_discharge_seconds double precision not null default 0,
  shelf_life_hours integer,
  capacity_g integer,
  low_level_g integer,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index channel_config_merchant_idx on channel_config (merchant_id, config_name);

create table device_channel (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint not null references device (id) on delete cascade,
  name text not null,
  channel_number integer not null,
  channel_type_id bigint references channel_type (id),
  material text,
  pre_discharge_seconds double precision not null default 0,
  shelf_life_hours integer,
  capacity_g integer,
  low_level_g integer,
  config_name text,
  level_g double precision,
  level_at timestamptz,
  filled_at timestamptz,
  expires_at timestamptz,
  shortage boolean not null default false,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (device_id, channel_number)
);

create table preset_command (
  id bigint primary key default next_id(),
  name text not null,
  family text,
  action text not null,
  args jsonb,
  description text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
insert into preset_command (name, family, action, args, description) values
  ('Rinse the brewer', null, 'rinse', '{}', 'Runs a rinse cycle'),
  ('Test dispense, channel 1', null, 'dispense', '{"channel": 1, "grams": 5}', 'Doses 5 g from channel 1'),
  ('Calibrate the grinder', 'coffee', 'calibrate-grinder', '{}', null),
  ('Report diagnostics', null, 'diagnostics', '{}', 'The machine answers with its sensor readings');

do $$
declare t text;
begin
  foreach t in array array['device', 'production_record', 'fault_log', 'cleaning_record', 'device_log',
                           'device_command', 'channel_config', 'device_channel'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
