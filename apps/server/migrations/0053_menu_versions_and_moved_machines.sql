-- Menu versions are never given twice (menus.ts nextVersion), and a machine that changed owners no
-- longer carries its old owner's commands (fleet/devices.ts leavePlace).
--
-- 1. Versions. The number after the day was the count of the day's releases plus one, so after a
-- deletion a new release (or a roll back) took a number already used, and two live releases could
-- share one. Duplicates of the past are renumbered: of each group, the release pushed last (else
-- created last) keeps the version — the one the machines were last assigned — and the others take
-- the next numbers of their day. Then a unique index makes a duplicate impossible, and each
-- merchant's counter per day (menu_release_number) starts at the highest number used, so that a
-- deleted release's number is not given again either.
with dup as (
  select id, merchant_id, split_part(version, '.', 1) as day,
         row_number() over (partition by merchant_id, version
                            order by pushed_at desc nulls last, created_at desc, id desc) as rank
  from menu_release
  where version ~ '^\d{4}-\d{2}-\d{2}\.\d+$'),
top as (
  select merchant_id, split_part(version, '.', 1) as day, max(split_part(version, '.', 2)::int) as n
  from menu_release where version ~ '^\d{4}-\d{2}-\d{2}\.\d+$'
  group by 1, 2),
renumbered as (
  select dup.id, dup.day || '.' || (top.n + row_number() over (partition by dup.merchant_id, dup.day
                                                                order by dup.id)) as version
  from dup join top on top.merchant_id is not distinct from dup.merchant_id and top.day = dup.day
  where dup.rank > 1)
update menu_release r set version = renumbered.version, updated_at = now()
from renumbered where r.id = renumbered.id;

create unique index menu_release_version_key on menu_release (merchant_id, version);

create table menu_release_number (
  merchant_id bigint not null references merchant (id) on delete cascade,
  day date not null,
  last integer not null,
  primary key (merchant_id, day)
);
insert into menu_release_number (merchant_id, day, last)
select merchant_id, split_part(version, '.', 1)::date, max(split_part(version, '.', 2)::int)
from menu_release
where merchant_id is not null and version ~ '^\d{4}-\d{2}-\d{2}\.\d+$'
group by 1, 2;

-- A merchant's users number its releases; so do the staff of its stores (a store scope names stores,
-- so their merchants are looked up once a query, under the store table's own policy).
alter table menu_release_number enable row level security;
alter table menu_release_number force row level security;
create policy tenant_isolation on menu_release_number
  using ((select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])
         or merchant_id = any ((select array(select s.merchant_id from store s
                                             where s.id = any ((select app_scope_stores())::bigint[])))::bigint[]))
  with check ((select app_scope_all()) or merchant_id = any ((select app_scope_merchants())::bigint[])
         or merchant_id = any ((select array(select s.merchant_id from store s
                                             where s.id = any ((select app_scope_stores())::bigint[])))::bigint[]));

-- 2. Machines moved before this carried their open commands to the new merchant: it could read the
-- old owner's menus through them, and the old owner's releases waited for them for ever. A menu
-- command whose merchant is neither its release's merchant nor one below it is such a command: it
-- goes back to the release's merchant (and store), and ends if still open, as a move now ends it.
update device_command c
   set merchant_id = r.merchant_id, store_id = r.store_id,
       state = case when c.state in ('queued', 'sent', 'acknowledged') then 'expired' else c.state end,
       reason = case when c.state in ('queued', 'sent', 'acknowledged')
                     then 'the machine moved to another merchant' else c.reason end,
       reason_key = case when c.state in ('queued', 'sent', 'acknowledged') then 'machineMoved' else c.reason_key end,
       reason_params = case when c.state in ('queued', 'sent', 'acknowledged') then null else c.reason_params end,
       finished_at = case when c.state in ('queued', 'sent', 'acknowledged') then now() else c.finished_at end,
       updated_at = now()
  from menu_release r
 where r.id = c.menu_release_id and r.merchant_id is not null
   and (c.merchant_id is null or not c.merchant_id = any (merchant_subtree(r.merchant_id)));

-- Their releases count again (as menus/release-progress.ts counts them).
with latest as (
  select distinct on (menu_release_id, device_id) menu_release_id, state
  from device_command where menu_release_id is not null
  order by menu_release_id, device_id, created_at desc),
counts as (
  select menu_release_id, count(*) as targets,
         count(*) filter (where state = 'succeeded') as succeeded,
         count(*) filter (where state in ('failed', 'expired')) as failed,
         count(*) filter (where state in ('queued', 'sent', 'acknowledged')) as open
  from latest group by menu_release_id)
update menu_release r set targets = c.targets, succeeded = c.succeeded, failed = c.failed,
  state = case when c.open > 0 then 'pushing' when c.failed > 0 then 'partial' else 'done' end,
  updated_at = now()
from counts c
where r.id = c.menu_release_id and r.state = 'pushing'
  and r.state is distinct from case when c.open > 0 then 'pushing' when c.failed > 0 then 'partial' else 'done' end;

-- A machine whose assigned menu is none its merchant sent it was assigned its old owner's: it has
-- none now (its menu status reads "not updated" until its new owner's menu reaches it).
update device d set assigned_menu_version = null, menu_status = 'not-updated', updated_at = now()
 where d.assigned_menu_version is not null
   and not exists (select 1 from device_command c
                    where c.device_id = d.id and c.type = 'menu'
                      and c.params ->> 'version' = d.assigned_menu_version
                      and c.merchant_id is not distinct from d.merchant_id);
