/**
 * The demo's orders of the days its machines' cups cover (DEMO=1, first start; demo-history.ts
 * prices, numbers and writes them): fleet's demo history lived each machine's last two weeks of cups
 * (fleet/demo-history), and the customers of those days are made of those cups, as a customer at
 * the machine orders. Fleet's history makes each customer's cups one after another and the next
 * customer's a minute or more later (fleet/demo-history/timeline.ts), so a cup that starts within
 * SAME_ORDER_GAP_MS of the last one's coming out is the same customer's; a line per product, with
 * its cups as its quantity. An order whose cup failed (a mechanical failure, or a cup refused for a
 * short channel) stops there and ends rejected with the live machine's reason; a bad cup (made, but
 * bad) leaves it completed. About 2 in 100 customers still walk away before paying: cancelled orders
 * beside those, with no cup. Each cup then names its order and line, as a live machine's does.
 *
 * No SQL here: the cups come through fleet's service (reports.historyCups) and go back through it.
 */
import type { OrderStatus, OrderType, PaymentMethod } from '@brewfleet/contracts';
import { lineCount, lineQuantity, pickPaymentMethod } from '@brewfleet/simulator';
import type { StoreSale } from '../catalog/service.ts';
import type { HistoryCup } from '../fleet/service.ts';

/**
 * A cup starting within this of the last one's coming out is the same customer's (fleet's history
 * leaves 3–10 s between one customer's cups, 75 s or more between customers).
 */
const SAME_ORDER_GAP_MS = 45_000;
/** What the live machine says when a cup fails (apps/simulator machine.ts `brew`). */
const FAILED_CUP = 'the cup failed at the machine';
/**
 * A refused cup's record does not say which channel was short (nothing was drawn): the live
 * machine's words for that case.
 */
const SHORT_CHANNEL = 'a channel is short of material';

/** A past order before it is numbered and priced (demo-history.ts `priceOrder`). */
export interface OrderDraft {
  /** Ordered, paid, and last moved (completed, rejected or cancelled), in ms since the epoch. */
  at: number;
  paidAt: number;
  statusAt: number;
  status: OrderStatus;
  reason: string | null;
  orderType: OrderType;
  paymentMethod: PaymentMethod;
  pickupCode: string;
  chosen: Array<{ product: StoreSale; quantity: number }>;
  /** The cups made for it, each with its line (1-based); none on the days before the cups. */
  cups: Array<{ eventId: string; line: number }>;
}

type Random = () => number;
const between = (random: Random, from: number, to: number) => from + random() * (to - from);

/**
 * The orders made of one machine's cups (oldest first), with the cancelled ones beside them.
 * A cup whose product the store does not sell (no StoreSale with its code among `products`) is
 * left out, unlinked: the machine made it outside any order (a staff test cup, say), and the cups
 * around it are sold as if it were not there.
 */
export function ordersFromCups(input: {
  cups: readonly HistoryCup[];
  products: readonly StoreSale[];
  random: Random;
  cancelledShare: number;
  now: number;
}): OrderDraft[] {
  const { random, now } = input;
  const byCode = new Map(input.products.map((p) => [p.code, p]));
  const groups: Array<{ cups: Array<{ cup: HistoryCup; product: StoreSale }> }> = [];
  let open: (typeof groups)[number] | undefined;
  for (const cup of input.cups) {
    const product = byCode.get(cup.productCode);
    if (!product) continue;
    const last = open?.cups[open.cups.length - 1]?.cup;
    // A new customer: after a gap, or after a failed cup (the machine stops an order at its first failure).
    if (
      !open ||
      !last ||
      last.result !== 'completed' ||
      (cup.startedAt ?? cup.producedAt) - last.producedAt > SAME_ORDER_GAP_MS
    ) {
      open = { cups: [] };
      groups.push(open);
    }
    open.cups.push({ cup, product });
  }

  const out: OrderDraft[] = [];
  // A walk-away for every so many customers who paid: about `cancelledShare` of all orders.
  const walkAway = input.cancelledShare / (1 - input.cancelledShare);
  for (const group of groups) {
    const first = group.cups[0].cup;
    const final = group.cups[group.cups.length - 1].cup;
    const lines: StoreSale[] = [];
    const cups = group.cups.map(({ cup, product }) => {
      if (!lines.includes(product)) lines.push(product);
      return { eventId: cup.eventId, line: lines.indexOf(product) + 1 };
    });
    const chosen = lines.map((product, i) => ({
      product,
      quantity: cups.filter((c) => c.line === i + 1).length,
    }));
    const failed = final.result !== 'completed';
    // Paid a few seconds before the first cup started (processing two seconds after paying), chosen
    // 20–60 s before paying; done a few seconds after the last cup, or as its cup failed.
    const paidAt = (first.startedAt ?? first.producedAt) - between(random, 3, 8) * 1000;
    const at = paidAt - between(random, 20, 60) * 1000;
    const statusAt = failed
      ? final.producedAt + between(random, 1, 3) * 1000
      : Math.max(final.producedAt, Math.min(now, final.producedAt + between(random, 2, 10) * 1000));
    if (random() < walkAway)
      out.push(walkedAway(random, input.products, at - between(random, 1, 6) * 60_000));
    out.push({
      at,
      paidAt,
      statusAt,
      status: failed ? 'rejected' : 'completed',
      reason: failed ? (final.refused ? SHORT_CHANNEL : FAILED_CUP) : null,
      orderType: random() < 0.55 ? 'dine-in' : 'pack',
      pickupCode: String(1000 + Math.floor(random() * 9000)),
      paymentMethod: pickPaymentMethod(random),
      chosen,
      cups,
    });
  }
  return out;
}

/** A customer who chose and walked away before paying: cancelled, no cup. */
function walkedAway(random: Random, products: readonly StoreSale[], at: number): OrderDraft {
  const chosen = Array.from({ length: lineCount(random) }, () => {
    const quantity = lineQuantity(random);
    return { product: products[Math.floor(random() * products.length)], quantity };
  });
  return {
    at,
    paidAt: at,
    statusAt: at + between(random, 15, 75) * 1000,
    status: 'cancelled',
    reason: 'cancelled by the customer',
    orderType: random() < 0.55 ? 'dine-in' : 'pack',
    pickupCode: String(1000 + Math.floor(random() * 9000)),
    paymentMethod: pickPaymentMethod(random),
    chosen,
    cups: [],
  };
}
