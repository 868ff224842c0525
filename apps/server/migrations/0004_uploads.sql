-- Uploaded images and videos, stored under DATA_DIR/uploads with server-made names and referenced by id.
create table upload (
  id bigint primary key default next_id(),
  merchant_id bigint references merchant (id),
  store_id bigint references store (id),
  kind text not null check (kind in ('image', 'video')),
  mime text not null,
  size_bytes integer not null,
  width integer,
  height integer,
  original_name text,
  path text not null unique,
  sha256 text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index upload_merchant_idx on upload (merchant_id);
alter table upload enable row level security;
alter table upload force row level security;
create policy tenant_isolation on upload
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));
