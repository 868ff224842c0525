-- Members (issue 12), owned by the members module (apps/server/src/modules/members): a merchant's
-- customers, their wallets and points as append-only ledgers, the rules that earn points, coupon
-- definitions and the coupons members hold, and the ordering app's banners and settings.
--
-- A balance on `member` is only ever moved by one conditional update
-- (`wallet_balance = wallet_balance + x where … wallet_balance + x >= 0`) in the transaction that
-- writes its ledger entry: the row lock orders concurrent moves, and the checks below make a
-- negative balance impossible whatever the code does.

create table member (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  -- What a machine's screen reads from the member's code (orders' member_no): random, unique.
  member_no text not null check (member_no ~ '^M[0-9]{6,18}$'),
  username text not null,
  phone text,
  email text,
  gender text,
  birthday date,
  -- Set by the ordering app's sign-up (never through the console resource).
  password_hash text,
  wallet_balance numeric(12, 2) not null default 0 check (wallet_balance >= 0),
  points integer not null default 0 check (points >= 0),
  status text not null default 'active',
  remarks text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index member_member_no_key on member (member_no);
-- One member per phone and per e-mail within a merchant (the app signs in with either).
create unique index member_merchant_phone_key on member (merchant_id, phone) where phone is not null;
create unique index member_merchant_email_key on member (merchant_id, lower(email)) where email is not null;
create index member_merchant_time_idx on member (merchant_id, created_at desc);

-- `ref` names what an automatic entry answers (an order's payment, a refund, a bad cup's line):
-- unique, so that a reaction heard twice moves nothing the second time.
create table member_wallet_entry (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  member_id bigint not null references member (id),
  kind text not null check (kind in ('top-up', 'payment', 'refund', 'adjustment', 'compensation')),
  amount numeric(12, 2) not null check (amount <> 0),
  balance_after numeric(12, 2) not null check (balance_after >= 0),
  order_id bigint,
  ref text,
  reason text,
  by_name text,
  account_id bigint,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index member_wallet_entry_member_idx on member_wallet_entry (member_id, created_at desc, id desc);
create index member_wallet_entry_order_idx on member_wallet_entry (order_id) where order_id is not null;
create unique index member_wallet_entry_ref_key on member_wallet_entry (ref) where ref is not null;

create table member_points_entry (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  member_id bigint not null references member (id),
  kind text not null check (kind in ('earn', 'redeem', 'reverse', 'adjustment', 'expire')),
  points integer not null check (points <> 0),
  balance_after integer not null check (balance_after >= 0),
  order_id bigint,
  ref text,
  reason text,
  expires_at timestamptz,
  -- When the expiry job settled an earned entry (what was left of it lapsed, or nothing was).
  settled_at timestamptz,
  by_name text,
  account_id bigint,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index member_points_entry_member_idx on member_points_entry (member_id, created_at desc, id desc);
create index member_points_entry_order_idx on member_points_entry (order_id) where order_id is not null;
create unique index member_points_entry_ref_key on member_points_entry (ref) where ref is not null;
-- Earned points still to lapse, for the expiry job.
create index member_points_entry_expiry_idx on member_points_entry (expires_at)
  where kind = 'earn' and expires_at is not null and settled_at is null;

create table points_rule (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  -- A rule of one store only (its tenant column: store staff see their store's rules).
  store_id bigint references store (id) on delete cascade,
  name text not null,
  product_type_id bigint references product_type (id) on delete cascade,
  basis text not null default 'amount' check (basis in ('amount', 'cup')),
  points integer not null check (points > 0),
  per_amount numeric(12, 2) check (per_amount is null or per_amount > 0),
  bonus_weekdays text[],
  bonus_multiplier integer not null default 2 check (bonus_multiplier >= 1),
  expiry_days integer not null default 365 check (expiry_days >= 0),
  enabled boolean not null default true,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index points_rule_merchant_idx on points_rule (merchant_id) where enabled;

create table coupon (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  name text not null,
  discount_amount numeric(12, 2) not null check (discount_amount > 0),
  points_cost integer not null default 0 check (points_cost >= 0),
  status text not null default 'usable',
  validity_days integer not null check (validity_days > 0),
  remarks text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index coupon_merchant_idx on coupon (merchant_id);

create table member_coupon (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  member_id bigint not null references member (id),
  coupon_id bigint not null references coupon (id),
  status text not null default 'available' check (status in ('available', 'used')),
  source text not null check (source in ('redeem', 'grant', 'compensation')),
  discount_amount numeric(12, 2) not null,
  valid_from timestamptz not null,
  valid_to timestamptz not null,
  order_id bigint,
  used_at timestamptz,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'used') = (order_id is not null))
);
create index member_coupon_member_idx on member_coupon (member_id, valid_to desc);
create index member_coupon_order_idx on member_coupon (order_id) where order_id is not null;

create table app_banner (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint references store (id) on delete cascade,
  title text not null,
  image text not null,
  link text,
  sort integer not null default 0,
  active_from timestamptz,
  active_to timestamptz,
  enabled boolean not null default true,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index app_banner_merchant_idx on app_banner (merchant_id, sort);

create table app_setting (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  app_name text not null,
  logo text,
  privacy_text text,
  compensation text not null default 'wallet' check (compensation in ('none', 'coupon', 'wallet')),
  compensation_coupon_id bigint references coupon (id),
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- One per merchant.
create unique index app_setting_merchant_key on app_setting (merchant_id);

do $$
declare t text;
begin
  foreach t in array array['member', 'member_wallet_entry', 'member_points_entry', 'points_rule', 'coupon',
                           'member_coupon', 'app_banner', 'app_setting'] loop
    execute format('alter table %I enable row level security', t);
    execute format('alter table %I force row level security', t);
    execute format('create policy tenant_isolation on %I using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id))', t);
  end loop;
end $$;
