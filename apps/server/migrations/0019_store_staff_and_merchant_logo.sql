-- Store staff run their store's machines (README "Merchants, stores and who sees what"):
-- 1. Refilling a channel has its own code, coffee:device-channel:refill (menu 141305), so that store
--    staff may refill without editing channels. Every role that could refill through the channel
--    Edit button (141302) keeps that ability.
-- 2. The demo's 'store-staff' roles, which read only their store and its log, get the home page, the
--    store's machines (list 1310, map 1314, log 1313, commands 1316, lock/unlock/start up/shut
--    down/restart 131008-131012), channels with refills (1413, 141305), production, faults and
--    cleanings (1510-1512) and the store and equipment menus (1711, 1712). seed_grant remembers
--    what was granted, so a later version adds only its own new menus at start-up
--    (grantNewStoreStaffMenus) and a menu an administrator took away stays away.
-- The menu rows themselves are seeded at start-up; a role may list a menu id before its row exists.
update role set menu_id_list = array(select distinct unnest(menu_id_list || '{141305}'::bigint[]) order by 1),
                updated_at = now()
 where 141302 = any(menu_id_list) and not 141305 = any(menu_id_list);

update role set menu_id_list = array(select distinct unnest(menu_id_list || '{1000,1114,1220,1310,131008,131009,131010,131011,131012,1313,1314,1316,1413,141305,1510,1511,1512,1711,1712}'::bigint[]) order by 1),
                updated_at = now()
 where role_name = 'store-staff' and merchant_id is not null;

insert into seed_grant (name, menu_ids)
values ('store-staff', '{1000,1114,1220,1310,131008,131009,131010,131011,131012,1313,1314,1316,1413,141305,1510,1511,1512,1711,1712}')
on conflict (name) do nothing;

-- A merchant's logo (an upload id, like a store's photo): its users' navbar shows it (partnerIcon).
alter table merchant add column logo text;
