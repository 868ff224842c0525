-- Merchants (a tree) and stores. A merchant row's own tenant is itself (merchant_id = id), a store's
-- store_id is itself, so the tenant rule of 0002 covers them like every other tenant table.

create table merchant (
  id bigint primary key default next_id(),
  merchant_id bigint,
  store_id bigint,
  parent_id bigint references merchant (id),
  name text not null,
  status text not null default 'normal' check (status in ('normal', 'suspended')),
  is_open boolean not null default true,
  principal text,
  contact_number text,
  organization text,
  country text,
  registration_address text,
  address text,
  business_license text,
  id_card_front text,
  id_card_back text,
  legal_person_id_number text,
  vat_number text,
  company_registration_number text,
  invoice_unified_number text,
  invoice_account_number text,
  pos_api_key text,
  pos_account text,
  app_api_key text,
  app_account text,
  app_client_key text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index merchant_parent_idx on merchant (parent_id);

create table store (
  id bigint primary key default next_id(),
  merchant_id bigint not null references merchant (id),
  store_id bigint,
  name text not null,
  type text not null check (type in ('self-service', 'pick-up', 'self-service-takeaway', 'self-service-takeaway-delivery')),
  is_open boolean not null default true,
  opening_time text,
  closing_time text,
  operating_days text[] not null default '{mon,tue,wed,thu,fri,sat,sun}',
  photo text,
  city text,
  address text,
  latitude double precision,
  longitude double precision,
  phone text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index store_merchant_idx on store (merchant_id);

create or replace function tenant_self() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'merchant' then new.merchant_id := new.id; end if;
  if tg_table_name = 'store' then new.store_id := new.id; end if;
  return new;
end $$;
create trigger merchant_tenant_self before insert on merchant for each row execute function tenant_self();
create trigger store_tenant_self before insert on store for each row execute function tenant_self();

alter table account add constraint account_merchant_fk foreign key (merchant_id) references merchant (id);
alter table account add constraint account_store_fk foreign key (store_id) references store (id);
alter table role add constraint role_merchant_fk foreign key (merchant_id) references merchant (id);
alter table organization add constraint organization_merchant_fk foreign key (merchant_id) references merchant (id);

alter table merchant enable row level security;
alter table merchant force row level security;
-- A new sub-merchant is visible (and may be written) through its parent, which is in the scope.
create policy tenant_isolation on merchant
  using (app_scope_allows(merchant_id, store_id) or app_scope_allows(parent_id, null))
  with check (app_scope_allows(merchant_id, store_id) or app_scope_allows(parent_id, null));

alter table store enable row level security;
alter table store force row level security;
create policy tenant_isolation on store
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));

-- The request scope of a user: the merchant ids it may see (its merchant and every descendant),
-- and whether its merchant or an ancestor is suspended. Runs in the system scope at sign-in.
create or replace function merchant_subtree(root bigint) returns bigint[] language sql stable as $$
  with recursive sub(id) as (
    select root where root is not null
    union -- not union all: even a corrupted cycle ends
    select m.id from merchant m join sub on m.parent_id = sub.id
  ) select coalesce(array_agg(id), '{}') from sub
$$;
create or replace function merchant_suspended(start bigint) returns boolean language sql stable as $$
  with recursive up(id, parent_id, status) as (
    select id, parent_id, status from merchant where id = start
    union
    select m.id, m.parent_id, m.status from merchant m join up on m.id = up.parent_id
  ) select coalesce(bool_or(status = 'suspended'), false) from up
$$;
