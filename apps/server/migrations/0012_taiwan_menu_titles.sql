-- Taiwan wording for menu titles seeded by earlier versions (偵錯, 資料, 派送 instead of the mainland
-- 調試, 數據, 下發). Only titles still as seeded change: one an administrator renamed stays.
update menu set tw_name = v.new_name, updated_at = now()
from (values
  (131013, '設備調試', '設備偵錯'),
  (1420, '設備調試', '設備偵錯'),
  (1500, '數據中心', '資料中心'),
  (1700, '菜單下發', '菜單派送'),
  (1710, '菜單下發', '菜單派送'),
  (171002, '下發', '派送')
) as v(id, old_name, new_name)
where menu.id = v.id and menu.tw_name = v.old_name;
