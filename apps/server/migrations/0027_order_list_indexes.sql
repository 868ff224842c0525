-- The order list (issue 11 §7): newest first within one machine, as the console filters by machine
-- (0026 has the tenant's, the store's and the platform's). The list seeks and walks these indexes by
-- (ordered_at, id); see src/platform/crud/list-page.ts.
create index sales_order_device_time_idx on sales_order (device_id, ordered_at desc, id desc);
