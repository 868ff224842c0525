-- Issue 13: an Uber order accepted for a machine that then could not make it (rejected), or that
-- staff cancelled, is cancelled on Uber (`POST /v1/eats/orders/{id}/cancel`) so that the eater is not
-- left waiting. State `failed`: accepted, then not made; `cancel_body` is what Uber is told, sent
-- (after the accept) until Uber took it (`cancel_sent_at`).
alter table delivery_order drop constraint delivery_order_state_check;
alter table delivery_order add constraint delivery_order_state_check
  check (state in ('received', 'accepted', 'denied', 'cancelled', 'failed'));
alter table delivery_order add column cancel_body jsonb;
alter table delivery_order add column cancel_sent_at timestamptz;
create index delivery_order_cancel_due_idx on delivery_order (updated_at)
  where state = 'failed' and cancel_sent_at is null;
