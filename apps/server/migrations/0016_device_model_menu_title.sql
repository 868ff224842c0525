-- The device model page's menu title as the spec names it ("Device Name/Model"). Only titles still
-- as seeded change: one an administrator renamed stays.
update menu set
  en_name = case when en_name = 'Device Model' then 'Device Name/Model' else en_name end,
  name = case when name = '设备型号' then '设备名称/型号' else name end,
  tw_name = case when tw_name = '設備型號' then '設備名稱/型號' else tw_name end,
  updated_at = now()
where id = 1312;
