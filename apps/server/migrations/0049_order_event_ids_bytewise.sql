-- The orders module's share of migration 0047: the event ids machines give their order reports
-- (docs/device-protocol.md §4.8) are matched for equality only, and a report already stored is looked
-- up by (device_id, event_id) for every report of a gateway batch (orders/steps.ts) before the new
-- ones are inserted under the same unique index. Compared bytewise ("C") instead of through the
-- database's locale. No table is rewritten; sales_order_step's (device_id, event_id) index is rebuilt.
alter table sales_order alter column event_id type text collate "C";
alter table sales_order_step alter column event_id type text collate "C";
alter table sales_order_compensation alter column event_id type text collate "C";
