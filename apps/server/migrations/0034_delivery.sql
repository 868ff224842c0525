-- The delivery platform (issue 13), owned by the delivery module (apps/server/src/modules/delivery):
-- a merchant's Uber Eats binding (client id, secret sealed by the platform's SecretBox), its stores
-- bound to Uber store ids with their sync state, the takeout products that make the Uber menu, the
-- Uber orders taken (one per Uber order id: a webhook delivered twice makes one order), and the log
-- of what the listing did on Uber and why (items suspended, stores paused).

create table delivery_account (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  client_id text not null,
  -- Sealed (platform/crud/secrets.ts), as the merchant's other keys.
  client_secret text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index delivery_account_merchant_key on delivery_account (merchant_id);

create table delivery_store (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint not null references store (id),
  uber_store_id text,
  -- 'bound' with an Uber store id, else 'unbound'.
  binding text not null default 'unbound' check (binding in ('bound', 'unbound')),
  sync_state text not null default 'never' check (sync_state in ('never', 'pending', 'synced', 'failed')),
  last_sync_at timestamptz,
  last_error text,
  -- What the listing last told Uber: the store paused, and the items suspended.
  paused boolean not null default false,
  suspended_items jsonb not null default '[]',
  -- The menu is to be uploaded (it changed, or a retryable failure waits for its next try), and how
  -- many tries failed in a row (the back-off grows with them).
  sync_due_at timestamptz,
  sync_attempts integer not null default 0,
  -- What the machines did may change what the store lists on Uber: the listing job looks again.
  listing_due boolean not null default false,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index delivery_store_store_key on delivery_store (store_id);
create unique index delivery_store_uber_key on delivery_store (uber_store_id) where uber_store_id is not null;

create table delivery_product (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  product_id bigint not null,
  -- Blank: the product's own delivery price (spec §3), else its price.
  delivery_price numeric(12, 2),
  description text,
  enabled boolean not null default true,
  sort_order integer not null default 0,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index delivery_product_key on delivery_product (merchant_id, product_id);

create table delivery_order (
  id bigint primary key default next_id(),
  merchant_id bigint not null,
  store_id bigint not null,
  uber_order_id text not null,
  uber_store_id text not null,
  -- received → accepted | denied; accepted → cancelled (Uber cancelled it before it was made).
  -- received → accepted | denied (the answer to Uber is `answer`, sent once `answered_at` is set);
  -- accepted → cancelled when Uber cancelled it (the order stops unless its machine made it).
  state text not null default 'received' check (state in ('received', 'accepted', 'denied', 'cancelled')),
  event_id text,
  order_id bigint,
  device_id bigint,
  -- What Uber is told: 'accept' or 'deny' (with `deny_body`), decided once, sent until Uber took it.
  answer text check (answer in ('accept', 'deny')),
  deny_body jsonb,
  answered_at timestamptz,
  -- A worker holds the row while it works on it; a hold older than a minute is a lost worker's.
  claimed_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index delivery_order_uber_key on delivery_order (uber_order_id);
create index delivery_order_unanswered_idx on delivery_order (created_at) where answered_at is null;

create table delivery_listing_change (
  id bigint primary key default next_id(),
  merchant_id bigint not null,
  store_id bigint not null,
  -- suspend / restore an item, pause / resume the store.
  action text not null check (action in ('suspend-item', 'restore-item', 'pause-store', 'resume-store', 'sync-menu')),
  item_id text,
  cause text not null,
  outcome text not null default 'done' check (outcome in ('done', 'failed')),
  error text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index delivery_listing_change_store_idx on delivery_listing_change (store_id, created_at desc);

do $$
declare t text;
begin
  foreach t in array array['delivery_account', 'delivery_store', 'delivery_product', 'delivery_order',
                           'delivery_listing_change'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
