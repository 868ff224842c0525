-- Databases that took the Extraction estimate page (menu 1556, declared between Refractometer
-- calibration and Data display) before the seed made room for a new entry: it got the place Data
-- display (1553) already had, and the two shared it. Data display and the pages after it move down
-- one, as the seed now does for any new entry (modules/iam/seed.ts). Nothing to do elsewhere.
update menu set order_num = order_num + 1
where parent_id = 1500 and id <> 1556
  and order_num >= (select order_num from menu where id = 1556)
  and exists (select 1 from menu s
              where s.parent_id = 1500 and s.id <> 1556
                and s.order_num = (select order_num from menu where id = 1556));
