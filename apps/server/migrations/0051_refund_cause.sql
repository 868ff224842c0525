-- Why an order's refund was made (modules/orders/given-back.ts). `staff`: a refund from the console
-- (POST /api/coffee/order/refund). `order-ended`: money the server gave back by itself when the
-- order ended without being made (cancelled, rejected) — today a member's wallet, paid back by the
-- members module — recorded on the order so that its refunded and refundable figures say so (before,
-- a rejected wallet order showed its whole payment still refundable, though the wallet had it back).
-- For such a row `reason` is the status the order ended in.
alter table sales_order_refund add column cause text not null default 'staff'
  check (cause in ('staff', 'order-ended'));

-- Read and written as the server's own internals (row-level security: a server whose role is not a
-- superuser would otherwise see none of these rows).
select set_config('app.scope', 'system', true);

-- Orders that ended unmade before this migration, whose wallet payment was already given back
-- (the ledger's refunds with ref `cancel:<order id>`), get that refund recorded. Each line's share
-- of it follows what is left on the line; the last line takes the cents the division leaves.
with given as (
  select o.id, o.merchant_id, o.store_id, o.status, o.created_at,
         least(sum(w.amount), o.actual_payment - o.refunded) as amount
  from sales_order o
  join member_wallet_entry w on w.order_id = o.id and w.kind = 'refund' and w.ref = 'cancel:' || o.id::text
  where o.status in ('cancelled', 'rejected') and o.payment_method = 'wallet'
  group by o.id
  having least(sum(w.amount), o.actual_payment - o.refunded) > 0
), shares as (
  select l.order_id, l.seq, g.amount, l.gross - l.refunded as left_on_line,
         sum(l.gross - l.refunded) over (partition by l.order_id) as left_on_order,
         row_number() over (partition by l.order_id order by l.seq desc) as from_last
  from sales_order_line l join given g on g.id = l.order_id
), cents as (
  select order_id, seq, amount, from_last,
         case when left_on_order > 0 then floor(amount * 100 * left_on_line / left_on_order) / 100 else 0 end as share
  from shares
), settled as (
  select order_id, seq,
         share + case when from_last = 1 then amount - sum(share) over (partition by order_id) else 0 end as share
  from cents
), lines as (
  update sales_order_line l set refunded = l.refunded + s.share
  from settled s where l.order_id = s.order_id and l.seq = s.seq and s.share > 0
  returning l.order_id, l.seq, s.share
), orders as (
  update sales_order o set refunded = o.refunded + g.amount from given g where o.id = g.id returning o.id
)
insert into sales_order_refund (merchant_id, store_id, order_id, amount, reason, lines, cause, created_at)
select g.merchant_id, g.store_id, g.id, g.amount, g.status,
       coalesce((select jsonb_agg(jsonb_build_object('seq', l.seq, 'amount', to_char(l.share, 'FM9999999990.00'))
                                  order by l.seq) from lines l where l.order_id = g.id), '[]'),
       'order-ended',
       (select max(w.created_at) from member_wallet_entry w where w.order_id = g.id and w.ref = 'cancel:' || g.id::text)
from given g;
