-- What start-up last granted to a kind of system-made role (today: 'merchant-admin'), so that the menus
-- a new version adds to such roles reach the roles made by earlier versions, once.
create table seed_grant (
  name text primary key,
  menu_ids bigint[] not null,
  updated_at timestamptz not null default now()
);
