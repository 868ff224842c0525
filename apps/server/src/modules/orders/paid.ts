/**
 * What an order was paid, the most a refund gives back: nothing until it reached `paid`,
 * `processing` or `completed` (an order waiting for payment, or cancelled or rejected before the
 * money came, was never paid), nor a member's wallet order the wallet could not pay (price check
 * `unpaid`: owed, not taken); else what the machine received, or the payment due.
 */
import { sql, type SQL } from 'drizzle-orm';

const PAID_STATUSES = sql`('paid', 'processing', 'completed')`;

/** The paid amount of the `sales_order` row aliased `o` (numeric). */
export const paidAmount = (o: string): SQL => {
  const order = sql.raw(o);
  return sql`case when ${order}.price_check = 'unpaid' then 0.00
                  when ${order}.status in ${PAID_STATUSES}
                    or exists (select 1 from sales_order_step p where p.order_id = ${order}.id
                                 and p.outcome = 'moved' and p.status in ${PAID_STATUSES})
                  then coalesce(${order}.actual_received, ${order}.actual_payment) else 0.00 end`;
};

/** What the members module paid back in the wallet for the order's bad cups (numeric). */
export const walletCompensated = (o: string): SQL =>
  sql`coalesce((select sum(c.amount) from sales_order_compensation c
                 where c.order_id = ${sql.raw(o)}.id and c.kind = 'wallet'), 0)`;
