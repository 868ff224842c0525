-- App orders are numbered without a lock held through the order's transaction and without counting
-- the machine's history (issue 12 §8): the number's tail comes from a sequence (non-transactional:
-- concurrent orders never wait on each other for it; a rolled-back order leaves a gap), and the
-- 4-digit pickup code is drawn at random and kept unique among the machine's open app orders by
-- this index; an insert that meets a held code draws again (orders/app-orders.ts).
create sequence app_order_no_seq;
create unique index sales_order_app_pickup_open_key on sales_order (device_id, pickup_code)
  where source = 'app' and status in ('waiting-payment', 'paid', 'processing');
