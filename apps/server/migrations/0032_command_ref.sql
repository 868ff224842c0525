-- A command names what asked for it (fleet's CommandRequest `ref`, domain-events CommandRef): a menu
-- release or an order the ordering app placed. `menu_release_id` stays, written beside the reference
-- for menu releases (a release's progress reads it); `ref_kind`/`ref_id` hold every kind and come
-- back in fleet.commandFinished.
alter table device_command
  add column ref_kind text check (ref_kind in ('menu-release', 'order')),
  add column ref_id bigint,
  add constraint device_command_ref_check check ((ref_kind is null) = (ref_id is null));
update device_command set ref_kind = 'menu-release', ref_id = menu_release_id where menu_release_id is not null;
create index device_command_ref_idx on device_command (ref_kind, ref_id) where ref_id is not null;

-- An app order waits ten minutes for its machine at most: a customer will not wait longer, and the
-- member's money goes back when it expires.
insert into command_config (command_type, expiry_seconds, max_attempts, retry_interval_seconds, description)
values ('app-order', 600, 20, 15, null)
on conflict (command_type) do nothing;

-- A member's orders in the ordering app, newest first (the orders module reads them by member number).
create index sales_order_member_idx on sales_order (member_no, ordered_at desc, id desc) where member_no is not null;
