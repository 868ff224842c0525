-- Orders (issue 11), owned by the orders module (apps/server/src/modules/orders): what machines sold,
-- with the server's prices and taxes beside the machine's figures, each order's history of statuses,
-- and refunds. Cups name their order line (production_record.order_no, order_line: fleet's table,
-- what the machine reported). Calls that move money remember their Idempotency-Key (platform).

create table sales_order (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  -- A machine taken away keeps its sales: the order keeps its number and serial number.
  device_id bigint references device (id) on delete set null,
  serial_number text,
  source text not null default 'machine',
  order_no text not null,
  pickup_code text not null,
  order_type text not null,
  status text not null,
  payment_method text not null,
  payment_reference text,
  currency text not null,
  -- Exact decimals (numeric), computed in whole cents: never floating point.
  amount numeric(12, 2) not null,
  discount numeric(12, 2) not null default 0,
  actual_payment numeric(12, 2) not null,
  actual_received numeric(12, 2),
  tax numeric(12, 2) not null default 0,
  refunded numeric(12, 2) not null default 0,
  prices_include_tax boolean not null default true,
  -- As the machine reported them, for the check.
  reported_payment numeric(12, 2),
  reported_tax numeric(12, 2),
  menu_version text,
  member_no text,
  price_check text not null default 'ok',
  check_notes jsonb not null default '[]',
  ordered_at timestamptz not null,
  status_at timestamptz not null,
  event_id text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (refunded >= 0 and refunded <= coalesce(actual_received, actual_payment))
);
create unique index sales_order_device_no_key on sales_order (device_id, order_no);
-- The order list: newest first within a tenant, a store, a machine (keyset and offset both walk these).
create index sales_order_merchant_time_idx on sales_order (merchant_id, ordered_at desc, id desc);
create index sales_order_store_time_idx on sales_order (store_id, ordered_at desc, id desc);
create index sales_order_time_idx on sales_order (ordered_at desc, id desc);
create index sales_order_pickup_idx on sales_order (pickup_code);
create index sales_order_no_idx on sales_order (order_no text_pattern_ops);

create table sales_order_line (
  id bigint primary key default next_id(),
  order_id bigint not null references sales_order (id) on delete cascade,
  merchant_id bigint,
  store_id bigint,
  seq integer not null,
  line integer not null,
  kind text not null check (kind in ('product', 'extra')),
  product_id bigint,
  extra_product_id bigint,
  product_type_id bigint,
  product_code text not null,
  name text not null,
  names jsonb,
  combination text,
  options jsonb not null default '[]',
  toppings jsonb not null default '[]',
  unit_price numeric(12, 2) not null,
  reported_unit_price numeric(12, 2),
  quantity integer not null check (quantity > 0),
  amount numeric(12, 2) not null,
  tax_id bigint,
  tax_name text,
  tax_rate text not null default '0',
  tax numeric(12, 2) not null default 0,
  net numeric(12, 2) not null,
  gross numeric(12, 2) not null,
  refunded numeric(12, 2) not null default 0 check (refunded >= 0 and refunded <= gross),
  flag text,
  created_at timestamptz not null default now(),
  unique (order_id, seq)
);

-- Every status report and console action, once (a machine's event id, or the action's own id):
-- moved, stale (late or repeated: kept, the order stays) or refused (no such arrow). A report
-- heard before its order waits here (`pending`) and is applied when the order arrives.
create table sales_order_step (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  device_id bigint references device (id) on delete set null,
  order_id bigint references sales_order (id) on delete cascade,
  order_no text not null,
  event_id text not null,
  status text not null,
  outcome text not null check (outcome in ('moved', 'stale', 'refused', 'pending')),
  cause text not null,
  reason text,
  received numeric(12, 2),
  account_id bigint,
  -- Who, as the console showed them then (a console action).
  by_name text,
  at timestamptz not null,
  created_at timestamptz not null default now()
);
create unique index sales_order_step_event_key on sales_order_step (device_id, event_id);
create index sales_order_step_order_idx on sales_order_step (order_id, at);
create index sales_order_step_pending_idx on sales_order_step (device_id, order_no) where outcome = 'pending';

create table sales_order_refund (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  order_id bigint not null references sales_order (id) on delete cascade,
  amount numeric(12, 2) not null check (amount > 0),
  reason text not null,
  lines jsonb not null default '[]',
  account_id bigint,
  by_name text,
  created_at timestamptz not null default now()
);
create index sales_order_refund_order_idx on sales_order_refund (order_id);

do $$
declare t text;
begin
  foreach t in array array['sales_order', 'sales_order_line', 'sales_order_step', 'sales_order_refund'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;

-- A cup names the order line it was made for (device protocol v1, production event `order`).
alter table production_record add column order_no text, add column order_line integer;
create index production_record_order_idx on production_record (device_id, order_no) where order_no is not null;

-- Idempotency keys (CONTRACT §3): a call that moves money answers its first result again for the
-- same key and body, for 24 hours at least. Keyed by who called and what: one account's key is
-- not another's. No tenant column: a caller reads only its own rows, by its own principal.
create table idempotency_key (
  principal text not null,
  route text not null,
  key text not null,
  body_hash text not null,
  state text not null check (state in ('running', 'done')),
  status_code integer,
  answer jsonb,
  created_at timestamptz not null default now(),
  primary key (principal, route, key)
);
create index idempotency_key_created_idx on idempotency_key (created_at);
