-- The delivery module's view of each machine's channels (issue 13 §4): the last material level a
-- machine reported per channel (fleet's `levelsChanged` event), so that the listing knows when no
-- machine of a store can make an item because its channel ran empty. Owned by the delivery module.
create table delivery_channel_level (
  device_id bigint not null,
  channel integer not null,
  merchant_id bigint,
  store_id bigint,
  grams numeric(12, 2) not null,
  updated_at timestamptz not null default now(),
  primary key (device_id, channel)
);

alter table delivery_channel_level enable row level security;
alter table delivery_channel_level force row level security;
create policy tenant_isolation on delivery_channel_level
  using (app_scope_allows(merchant_id, store_id)) with check (app_scope_allows(merchant_id, store_id));
