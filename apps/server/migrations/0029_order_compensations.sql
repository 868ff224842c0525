-- A bad cup made good (issue 12): the members module compensates the member of an order line once,
-- and the order records it (the orders module owns this table; members call its service). Once per
-- line: the unique key makes a second bad cup of the same line, or a report heard twice, a no-op.

create table sales_order_compensation (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  order_id bigint not null references sales_order (id) on delete cascade,
  seq integer not null,
  kind text not null check (kind in ('coupon', 'wallet')),
  amount numeric(12, 2),
  coupon_name text,
  -- The cup that was bad (the machine's production event id).
  event_id text,
  created_at timestamptz not null default now(),
  unique (order_id, seq)
);

alter table sales_order_compensation enable row level security;
alter table sales_order_compensation force row level security;
create policy tenant_isolation on sales_order_compensation
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));
