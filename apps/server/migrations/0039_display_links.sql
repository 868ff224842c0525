-- Display links (issue 17 point 5), owned by the display module (apps/server/src/modules/display): a
-- read-only, expiring, revocable address of the big-screen dashboards (/operation, /dataShow) for one
-- scope — a merchant and the merchants below it, or one store — so that a lobby screen needs no
-- account. Only the SHA-256 of the token is kept; the token is shown once, when the link is made.

create table display_link (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  -- Set: the link shows this store only; empty: the merchant and its sub-merchants.
  store_id bigint references store (id),
  name text not null,
  -- Which dashboards the link opens.
  dashboards text not null default 'both' check (dashboards in ('both', 'operation', 'dataShow')),
  token_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  -- Written at most once a minute per link (the count catches up then).
  last_used_at timestamptz,
  use_count integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index display_link_token_key on display_link (token_hash);
create index display_link_merchant_idx on display_link (merchant_id, created_at desc);

alter table display_link enable row level security;
alter table display_link force row level security;
create policy tenant_isolation on display_link
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));
