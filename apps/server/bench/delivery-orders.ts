/**
 * The delivery bench's orders (issue 13 §7: webhook to accept call ≤ 1 s p99 with 50 orders arriving
 * at once): a round creates N eaters' orders at the simulated Uber for items of the demo store's
 * menu as Uber lists it (not suspended; each required modifier group given its first option), signs
 * their `orders.notification` webhooks as Uber does, and sends them all at once, one socket each, to
 * the server's webhook. Per order: from sending its webhook to the simulated Uber receiving its
 * `accept_pos_order` or `deny_pos_order` (the `at` Uber records), and the webhook's own answer.
 */
import http from 'node:http';
import type { SimulatedUber } from '@brewfleet/simulator';
import { latency, type Latency } from './wallet-http.ts';

export interface OrderRound {
  round: number;
  orders: number;
  /** Webhooks answered 200. */
  acknowledged: number;
  accepted: number;
  denied: number;
  /** No accept or deny within the round's wait. */
  unanswered: number;
  /** Deny reasons (`reason.code`), counted. */
  denyReasons: Record<string, number>;
  /** Webhook sent → Uber received the accept or deny call (answered orders only), ms. */
  toAnswer: Latency;
  /** Of that: webhook sent → Uber received the order's fetch (`GET /v2/eats/order/{id}`), ms. */
  toFetch: Latency;
  /** Of that: the fetch received → the accept or deny call received (the decision, the order placed), ms. */
  fetchToAnswer: Latency;
  /** Webhook sent → its HTTP answer, ms. */
  webhookAnswer: Latency;
  /** First webhook sent → last order answered, ms. */
  wallMs: number;
  loadAverage: number;
}

interface MenuItem {
  id: string;
  options: string[];
}

/** The store's items an eater can order now, each with an option of every required group. */
export function orderableItems(uber: SimulatedUber, storeId: string): MenuItem[] {
  const menu = uber.menus.get(storeId);
  if (!menu) throw new Error(`no menu on the simulated Uber for ${storeId}`);
  const suspended = uber.suspensions.get(storeId) ?? new Map<string, number | null>();
  const listed = new Set(
    menu.categories.flatMap((c) => c.entities.filter((e) => e.type === 'ITEM').map((e) => e.id)),
  );
  return menu.items
    .filter((i) => listed.has(i.id) && !suspended.get(i.id))
    .map((i) => ({
      id: i.id,
      options: (i.modifier_group_ids?.ids ?? []).flatMap((g) => {
        const group = menu.modifier_groups.find((x) => x.id === g);
        const first = group?.modifier_options[0];
        return group && first && group.quantity_info.quantity.min_permitted > 0 ? [first.id] : [];
      }),
    }));
}

/** POST the signed body on a socket of its own; resolves with the status and the ms to the answer's end. */
function send(
  url: URL,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

const FETCH = /^\/v2\/eats\/order\/([^/]+)$/;
const ANSWER = /^\/v1\/eats\/orders\/([^/]+)\/(accept|deny)_pos_order$/;

export async function orderRound(opts: {
  round: number;
  uber: SimulatedUber;
  storeId: string;
  secret: string;
  webhookUrl: string;
  orders: number;
  /** How long to wait for every answer. */
  waitMs: number;
  loadAverage: () => number;
}): Promise<OrderRound> {
  const { uber, storeId } = opts;
  const items = orderableItems(uber, storeId);
  if (!items.length) throw new Error('no item of the demo store is orderable on the simulated Uber');
  const made = Array.from({ length: opts.orders }, (_, i) => {
    const item = items[(i + opts.round) % items.length];
    return uber.createOrder(storeId, [{ id: item.id, quantity: 1, options: item.options }]);
  });
  const signed = made.map((o) =>
    uber.webhook({ type: 'orders.notification', orderId: o.id, storeId }, opts.secret),
  );
  const url = new URL(opts.webhookUrl);
  const sentAt = new Map<string, number>();
  // All at once: every request started in this same turn of the event loop.
  const acks = await Promise.all(
    made.map((o, i) => {
      sentAt.set(o.id, Date.now());
      return send(url, signed[i].body, signed[i].headers);
    }),
  );
  const firstSent = Math.min(...sentAt.values());
  const answered = () => {
    const first = new Map<string, { at: number; kind: string; body: unknown }>();
    for (const r of uber.received) {
      const m = ANSWER.exec(r.path);
      if (!m || r.method !== 'POST') continue;
      const id = decodeURIComponent(m[1]);
      if (sentAt.has(id) && !first.has(id)) first.set(id, { at: r.at, kind: m[2], body: r.body });
    }
    return first;
  };
  const deadline = Date.now() + opts.waitMs;
  let seen = answered();
  while (seen.size < made.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    seen = answered();
  }
  const toAnswer = [...seen].map(([id, a]) => a.at - sentAt.get(id)!);
  // The server's work in two parts, as Uber sees it: before it fetched the order, and after.
  const fetched = new Map<string, number>();
  for (const r of uber.received) {
    const m = FETCH.exec(r.path);
    const id = m && r.method === 'GET' ? decodeURIComponent(m[1]) : null;
    if (id && seen.has(id) && !fetched.has(id)) fetched.set(id, r.at);
  }
  const denyReasons: Record<string, number> = {};
  for (const a of seen.values())
    if (a.kind === 'deny') {
      const code = (a.body as { reason?: { code?: string } } | null)?.reason?.code ?? 'unknown';
      denyReasons[code] = (denyReasons[code] ?? 0) + 1;
    }
  const lastAnswer = Math.max(firstSent, ...[...seen.values()].map((a) => a.at));
  return {
    round: opts.round,
    orders: made.length,
    acknowledged: acks.filter((a) => a.status === 200).length,
    accepted: [...seen.values()].filter((a) => a.kind === 'accept').length,
    denied: [...seen.values()].filter((a) => a.kind === 'deny').length,
    unanswered: made.length - seen.size,
    denyReasons,
    toAnswer: latency(toAnswer),
    toFetch: latency([...fetched].map(([id, at]) => at - sentAt.get(id)!)),
    fetchToAnswer: latency([...fetched].map(([id, at]) => seen.get(id)!.at - at)),
    webhookAnswer: latency(acks.map((a) => a.ms)),
    wallMs: lastAnswer - firstSent,
    loadAverage: opts.loadAverage(),
  };
}
