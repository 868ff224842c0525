-- Ids: 64-bit, time-ordered, unique across tables and server processes (ms since 2023-11-14 << 22 | sequence).
create sequence if not exists global_id_seq;
create or replace function next_id() returns bigint language sql volatile as $$
  select ((floor(extract(epoch from clock_timestamp()) * 1000)::bigint - 1700000000000) << 22)
         | (nextval('global_id_seq') % 4194304)
$$;

create table menu (
  id bigint primary key default next_id(),
  parent_id bigint references menu (id),
  name text not null,
  tw_name text not null,
  en_name text not null,
  type integer not null check (type between 0 and 2),
  url text,
  perms text,
  icon text,
  order_num integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index menu_parent_idx on menu (parent_id);

create table organization (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  name text not null,
  type text not null check (type in ('headquarters', 'branch', 'department', 'team')),
  parent_id bigint references organization (id),
  contact text,
  phone text,
  description text,
  status text not null default 'available' check (status in ('available', 'suspended')),
  order_num integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index organization_merchant_idx on organization (merchant_id);

create table role (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  role_name text not null,
  role_title text not null,
  remark text,
  menu_id_list bigint[] not null default '{}',
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index role_name_key on role (coalesce(merchant_id, 0), lower(role_name));

create table account (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  account text not null,
  name text not null,
  password_hash text not null,
  enterprise_name text,
  role_ids bigint[] not null default '{}',
  organization_id bigint references organization (id),
  phone text,
  email text,
  id_number text,
  work_address text,
  status text not null default 'normal' check (status in ('normal', 'resigned', 'vacation', 'disabled')),
  avatar text,
  notes text,
  partner_type text not null default 'platform' check (partner_type in ('platform', 'merchant', 'store')),
  super_admin boolean not null default false,
  last_login_at timestamptz,
  password_changed_at timestamptz not null default now(),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index account_account_key on account (lower(account));
create index account_merchant_idx on account (merchant_id);

-- Sessions: only a hash of the opaque token is stored.
create table session (
  id bigint primary key default next_id(),
  token_hash text not null unique,
  account_id bigint not null references account (id) on delete cascade,
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index session_account_idx on session (account_id) where revoked_at is null;

-- Failed sign-ins per account and per address, shared by every server process.
create table login_throttle (
  key text primary key,
  failures integer not null default 0,
  window_start timestamptz not null default now(),
  locked_until timestamptz
);

create table operation_log (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  account_id bigint,
  account text,
  action text not null,
  method text not null,
  path text not null,
  permission text,
  target_id text,
  ip text,
  status_code integer not null,
  outcome text not null check (outcome in ('success', 'failure')),
  duration_ms integer not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index operation_log_created_idx on operation_log (created_at desc);
create index operation_log_merchant_idx on operation_log (merchant_id, created_at desc);

-- The operation log is evidence: rows are appended, never changed.
create or replace function operation_log_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'operation_log rows cannot be changed';
end $$;
create trigger operation_log_no_update before update or delete on operation_log
  for each row execute function operation_log_immutable();
