/**
 * An order's life (spec §4 order statuses). A machine's screen or the console moves an order only
 * along these arrows; anything else is refused, and a late or repeated report of a state the order
 * has already passed changes nothing (the machine's outbox resends, and MQTT delivers out of order):
 *
 *   waiting-payment ──► paid ──► processing ──► completed
 *         │              │           │
 *         ├──► cancelled ◄┤           └──► rejected
 *         └──► rejected  ◄┘
 *
 * - waiting-payment: the customer chose, the machine waits for the money.
 * - paid: the money is taken; a cash or card-machine order may skip straight to processing.
 * - processing: the machine makes the cups.
 * - completed: every cup is made and handed out. Refunds do not change it: they are recorded beside
 *   the order (its refunded amount), so "completed" keeps meaning "made".
 * - cancelled: the customer or staff gave up before anything was made (money, if taken, goes back).
 * - rejected: the machine could not make it (a fault, a material ran out) or the server refused it.
 */

export const ORDER_STATUSES = [
  'waiting-payment',
  'paid',
  'processing',
  'completed',
  'cancelled',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order may go from each status. Terminal statuses go nowhere. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  'waiting-payment': ['paid', 'processing', 'cancelled', 'rejected'],
  paid: ['processing', 'completed', 'cancelled', 'rejected'],
  processing: ['completed', 'rejected'],
  completed: [],
  cancelled: [],
  rejected: [],
};

export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'rejected'];

export const isFinalOrderStatus = (status: OrderStatus) => FINAL_ORDER_STATUSES.includes(status);

/** May an order in `from` move to `to`? (Staying put is not a move.) */
export const canMoveOrder = (from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/**
 * Who moved an order: its machine's report, a person in the console, the server itself, or the
 * ordering app (a member paid from the wallet).
 */
export const ORDER_CAUSES = ['machine', 'console', 'server', 'app', 'delivery'] as const;
export type OrderCause = (typeof ORDER_CAUSES)[number];

/**
 * What a reported status does to an order now in `current`: `move` along an arrow; `stale` when the
 * order already went past it (a late or repeated report: kept in the history, the order stays);
 * `ahead` when it lies further on than one arrow (an earlier report has not arrived yet: it waits
 * and is tried again after each move); `refused` when no path leads there (completed after
 * cancelled).
 */
export function orderStatusOutcome(
  current: OrderStatus,
  reported: OrderStatus,
): 'move' | 'stale' | 'ahead' | 'refused' {
  if (canMoveOrder(current, reported)) return 'move';
  if (current === reported || reachable(reported, current)) return 'stale';
  if (reachable(current, reported)) return 'ahead';
  return 'refused';
}

/** Can `to` be reached from `from` in one or more arrows? */
function reachable(from: OrderStatus, to: OrderStatus): boolean {
  const seen = new Set<OrderStatus>();
  const next = [...ORDER_TRANSITIONS[from]];
  while (next.length) {
    const status = next.pop()!;
    if (status === to) return true;
    if (seen.has(status)) continue;
    seen.add(status);
    next.push(...ORDER_TRANSITIONS[status]);
  }
  return false;
}
