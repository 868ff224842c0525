/**
 * A simulated Uber Eats Marketplace API (issue 13), for the demo and the tests: nothing reaches the
 * internet. It speaks the endpoints as developer.uber.com documents them:
 *
 * - `POST /oauth/v2/token` (form: client_id, client_secret, grant_type=client_credentials, scope: the
 *   space-delimited Eats scopes, an unknown one refused with `invalid_scope`): a bearer token with
 *   `expires_in`; every API call needs a token it issued, that has not expired and that carries the
 *   scope Uber documents for the endpoint (401 "This endpoint requires at least one of the following
 *   scopes" otherwise).
 * - `PUT /v2/eats/stores/{store_id}/menus`: the whole menu, checked against Uber's format (prices as
 *   integers in minor units, translations, categories naming items that exist, modifier groups); the
 *   items it carries suspended (`suspension_info`) are the store's suspensions from then on.
 * - `POST /v2/eats/stores/{store_id}/menus/items/{item_id}`: an item's suspension (or price).
 * - `POST /v1/eats/store/{store_id}/status`: ONLINE or PAUSED.
 * - `GET /v2/eats/order/{order_id}`, `POST /v1/eats/orders/{order_id}/accept_pos_order` (a `reason`)
 *   and `/deny_pos_order` (a reason code of Uber's list), `POST /v1/eats/orders/{order_id}/cancel`
 *   (404 once the order is final).
 *
 * Tests and the demo make orders (`createOrder`: priced by the store's menu as Uber prices a cart,
 * each item's `price` and each selected modifier's) and deliver their signed webhook to a URL
 * (`deliverWebhook`: X-Uber-Signature, the lowercase hex HMAC-SHA256 of the body keyed with the client
 * secret); `store.menu_refresh_request` in its own shape (`store_id`, `webhook_meta`, no `meta`).
 * Everything received is recorded (`received`); `failNext` makes the next calls of a path fail.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  uberAcceptBody,
  uberCancelBody,
  uberDenyBody,
  uberItemUpdate,
  uberMenuConfiguration,
  uberStoreStatus,
  type UberMenuConfiguration,
  type UberOrder,
} from '@brewfleet/contracts';

export interface UberReceived {
  method: string;
  path: string;
  body: unknown;
  at: number;
  status: number;
}

export interface SimulatedUberOrder extends UberOrder {
  /** What the merchant answered: accepted, denied (with its reason) or nothing yet. */
  answer: { kind: 'accepted' | 'denied'; body: unknown } | null;
}

export interface UberServerOptions {
  /** The Uber applications it knows: client id → client secret. */
  clients: Record<string, string>;
  /** Seconds a token lives (Uber: 30 days); tests shorten it to see renewal. */
  tokenSeconds?: number;
  /** The stores' currency (ISO 4217) in the orders' prices; USD when not told. */
  currency?: string;
  port?: number;
  host?: string;
}

/** The scopes of the Eats Marketplace APIs (developer.uber.com, Authentication: client credentials). */
export const UBER_EATS_SCOPES = [
  'eats.store',
  'eats.store.status.write',
  'eats.order',
  'eats.store.orders.read',
  'eats.report',
] as const;

/** The scopes each endpoint takes (any one of them), as its reference page says. */
const SCOPES_OF = {
  menus: ['eats.store'],
  status: ['eats.store.status.write'],
  readOrder: ['eats.order', 'eats.store.orders.read'],
  answerOrder: ['eats.order'],
  cancelOrder: ['eats.order', 'eats.deliveries'],
} as const;

const json = (res: http.ServerResponse, status: number, body?: unknown) => {
  res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

/** Uber's own format checks, beyond the schema: ids unique, references to what exists. */
export function menuProblems(menu: UberMenuConfiguration): string[] {
  const problems: string[] = [];
  const items = new Set(menu.items.map((i) => i.id));
  const groups = new Set(menu.modifier_groups.map((g) => g.id));
  const categories = new Set(menu.categories.map((c) => c.id));
  if (items.size !== menu.items.length) problems.push('item ids must be unique');
  for (const m of menu.menus)
    for (const c of m.category_ids)
      if (!categories.has(c)) problems.push(`menu ${m.id}: unknown category ${c}`);
  for (const c of menu.categories)
    for (const e of c.entities)
      if (e.type === 'ITEM' ? !items.has(e.id) : !groups.has(e.id))
        problems.push(`category ${c.id}: unknown ${e.type} ${e.id}`);
  for (const i of menu.items)
    for (const g of i.modifier_group_ids?.ids ?? [])
      if (!groups.has(g)) problems.push(`item ${i.id}: unknown modifier group ${g}`);
  for (const g of menu.modifier_groups) {
    for (const o of g.modifier_options)
      if (!items.has(o.id)) problems.push(`modifier group ${g.id}: unknown item ${o.id}`);
    const q = g.quantity_info.quantity;
    if (q.min_permitted > q.max_permitted) problems.push(`modifier group ${g.id}: min above max`);
  }
  return problems;
}

export class SimulatedUber {
  readonly received: UberReceived[] = [];
  /** Menus by Uber store id, as last uploaded. */
  readonly menus = new Map<string, UberMenuConfiguration>();
  /** Items' suspensions by store id then item id (`suspend_until`, null once restored). */
  readonly suspensions = new Map<string, Map<string, number | null>>();
  /** Stores' statuses (ONLINE, PAUSED). */
  readonly statuses = new Map<string, string>();
  readonly orders = new Map<string, SimulatedUberOrder>();
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number; scopes: Set<string> }>();
  private readonly failures: Array<{ pattern: RegExp; status: number; times: number; delayMs?: number }> = [];
  private server: http.Server | null = null;
  url = '';

  constructor(private readonly opts: UberServerOptions) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => void this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) =>
      this.server!.listen(this.opts.port ?? 0, this.opts.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://${this.opts.host ?? '127.0.0.1'}:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next `times` calls whose path matches answer `status` (or, with delayMs, answer that late). */
  failNext(pattern: RegExp, status: number, times = 1, delayMs?: number) {
    this.failures.push({ pattern, status, times, delayMs });
  }

  /** Calls received on a path (matching `pattern`), oldest first. */
  calls(pattern: RegExp, method?: string): UberReceived[] {
    return this.received.filter((r) => pattern.test(r.path) && (!method || r.method === method));
  }

  /** An amount in minor units as Uber writes money in an order. */
  private money(amount: number) {
    const currency = this.opts.currency ?? 'USD';
    return {
      amount,
      currency_code: currency,
      formatted_amount: new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100),
    };
  }

  /** Uber's `price` of a cart item or a selected modifier: `unit` of one (with its modifiers), `base` of it alone. */
  private price(unit: number, base: number, quantity: number) {
    return {
      unit_price: this.money(unit),
      total_price: this.money(unit * quantity),
      base_unit_price: this.money(base),
      base_total_price: this.money(base * quantity),
    };
  }

  /**
   * An eater's order at a store: items by their Uber item id, as in the store's menu, priced as Uber
   * prices a cart from that menu (the item's `price_info.price` plus each chosen modifier's).
   * `unitPrice` (minor units) makes Uber charge another price for one than its menu says (a price
   * changed on Uber's side, a promotion): what the merchant's system must notice.
   */
  createOrder(
    storeId: string,
    items: Array<{ id: string; quantity: number; options?: string[]; unitPrice?: number }>,
  ): SimulatedUberOrder {
    const menu = this.menus.get(storeId);
    const id = crypto.randomUUID();
    const order: SimulatedUberOrder = {
      id,
      display_id: id.slice(0, 5).toUpperCase(),
      current_state: 'CREATED',
      store: { id: storeId },
      cart: {
        items: items.map((i) => {
          const item = menu?.items.find((x) => x.id === i.id);
          const options = (i.options ?? []).map((o) => menu?.items.find((x) => x.id === o));
          const group = (optionId: string) =>
            menu?.modifier_groups.find((g) => g.modifier_options.some((o) => o.id === optionId))?.id ??
            'group';
          const base = item?.price_info.price ?? 0;
          const withOptions = options.reduce((sum, o) => sum + (o?.price_info.price ?? 0), base);
          return {
            id: i.id,
            title: item?.title.translations.en_us,
            external_data: item?.external_data,
            quantity: i.quantity,
            price: this.price(i.unitPrice ?? withOptions, base, i.quantity),
            selected_modifier_groups: options.flatMap((o) =>
              o
                ? [
                    {
                      id: group(o.id),
                      selected_items: [
                        {
                          id: o.id,
                          external_data: o.external_data,
                          quantity: 1,
                          price: this.price(o.price_info.price, o.price_info.price, 1),
                        },
                      ],
                    },
                  ]
                : [],
            ),
          };
        }),
      },
      answer: null,
    };
    this.orders.set(id, order);
    return order;
  }

  /**
   * The webhook of an event as Uber sends it, signed with `secret` (absent: unsigned). Order events
   * carry `meta` (`user_id` the store, `resource_id` the order); `store.menu_refresh_request` names
   * its store by `store_id` beside `webhook_meta` (`orderId` is not used).
   */
  webhook(
    event: { type: string; orderId: string; storeId: string; eventId?: string },
    secret: string | null,
  ): { body: string; headers: Record<string, string> } {
    const body = JSON.stringify(
      event.type === 'store.menu_refresh_request'
        ? {
            event_type: event.type,
            store_id: event.storeId,
            resource_href: `${this.url}/v1/eats/stores/${event.storeId}`,
            webhook_meta: {
              client_id: Object.keys(this.opts.clients)[0] ?? '',
              webhook_config_id: 'menu-refresh',
              webhook_msg_timestamp: Math.floor(Date.now() / 1000),
              webhook_msg_uuid: event.eventId ?? crypto.randomUUID(),
            },
          }
        : {
            event_id: event.eventId ?? crypto.randomUUID(),
            event_type: event.type,
            event_time: Math.floor(Date.now() / 1000),
            meta: { resource_id: event.orderId, status: 'pos', user_id: event.storeId },
            resource_href: `${this.url}/v2/eats/order/${event.orderId}`,
          },
    );
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-environment': 'sandbox',
    };
    if (secret) headers['x-uber-signature'] = crypto.createHmac('sha256', secret).update(body).digest('hex');
    return { body, headers };
  }

  /** Deliver an event's webhook to `url`; answers the HTTP status. */
  async deliverWebhook(
    url: string,
    event: { type: string; orderId: string; storeId: string; eventId?: string },
    secret: string | null,
  ): Promise<number> {
    const { body, headers } = this.webhook(event, secret);
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status;
  }

  private async handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://uber');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    let body: unknown = raw;
    try {
      body = raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : raw;
    } catch {
      body = raw;
    }
    const record = (status: number) => this.received.push({ method, path, body, at: Date.now(), status });
    const answer = (status: number, payload?: unknown) => {
      record(status);
      json(res, status, payload);
    };
    const failure = this.failures.find((f) => f.pattern.test(path) && f.times > 0);
    if (failure) {
      failure.times -= 1;
      if (failure.delayMs) await new Promise((r) => setTimeout(r, failure.delayMs));
      return answer(failure.status, { code: 'simulated', message: 'simulated failure' });
    }
    if (method === 'POST' && path === '/oauth/v2/token') return this.token(raw, answer);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const held = bearer ? this.tokens.get(bearer) : undefined;
    if (!held || held.expiresAt <= Date.now())
      return answer(401, { code: 'unauthorized', message: 'invalid token' });
    /** Whether the token lacks every scope the endpoint takes (answered then with Uber's 401). */
    const lacks = (scopes: readonly string[]): boolean => {
      if (scopes.some((x) => held.scopes.has(x))) return false;
      answer(401, {
        code: 'unauthorized',
        message: `This endpoint requires at least one of the following scopes: ${scopes.join(', ')}`,
      });
      return true;
    };

    let m: RegExpExecArray | null;
    if (method === 'PUT' && (m = /^\/v2\/eats\/stores\/([^/]+)\/menus$/.exec(path))) {
      if (lacks(SCOPES_OF.menus)) return;
      const parsed = uberMenuConfiguration.safeParse(body);
      if (!parsed.success) return answer(400, { code: 'invalid_request', message: parsed.error.message });
      const problems = menuProblems(parsed.data);
      if (problems.length) return answer(400, { code: 'invalid_request', message: problems.join('; ') });
      this.menus.set(m[1], parsed.data);
      // The menu replaces the store's items whole, their suspensions with them.
      this.suspensions.set(
        m[1],
        new Map(
          parsed.data.items.flatMap((i) => {
            const suspension = i.suspension_info?.suspension;
            return suspension ? [[i.id, suspension.suspend_until] as const] : [];
          }),
        ),
      );
      return answer(204);
    }
    if (method === 'POST' && (m = /^\/v2\/eats\/stores\/([^/]+)\/menus\/items\/([^/]+)$/.exec(path))) {
      if (lacks(SCOPES_OF.menus)) return;
      const parsed = uberItemUpdate.safeParse(body);
      if (!parsed.success) return answer(400, { code: 'invalid_request', message: parsed.error.message });
      if (!this.menus.get(m[1])?.items.some((i) => i.id === m![2]))
        return answer(404, { code: 'not_found', message: 'item not found' });
      const suspension = parsed.data.suspension_info?.suspension;
      if (parsed.data.suspension_info) {
        const store = this.suspensions.get(m[1]) ?? new Map<string, number | null>();
        store.set(m[2], suspension ? suspension.suspend_until : null);
        this.suspensions.set(m[1], store);
      }
      return answer(204);
    }
    if (method === 'POST' && (m = /^\/v1\/eats\/store\/([^/]+)\/status$/.exec(path))) {
      if (lacks(SCOPES_OF.status)) return;
      const parsed = uberStoreStatus.safeParse(body);
      if (!parsed.success) return answer(400, { code: 'invalid_request', message: parsed.error.message });
      this.statuses.set(m[1], parsed.data.status);
      return answer(204);
    }
    if (method === 'GET' && (m = /^\/v2\/eats\/order\/([^/]+)$/.exec(path))) {
      if (lacks(SCOPES_OF.readOrder)) return;
      const order = this.orders.get(decodeURIComponent(m[1]));
      if (!order) return answer(404, { code: 'not_found', message: 'order not found' });
      const { answer: _answered, ...wire } = order;
      return answer(200, wire);
    }
    if (method === 'POST' && (m = /^\/v1\/eats\/orders\/([^/]+)\/(accept|deny)_pos_order$/.exec(path))) {
      if (lacks(SCOPES_OF.answerOrder)) return;
      const order = this.orders.get(decodeURIComponent(m[1]));
      if (!order) return answer(404, { code: 'not_found', message: 'order not found' });
      const parsed = (m[2] === 'deny' ? uberDenyBody : uberAcceptBody).safeParse(body);
      if (!parsed.success) return answer(400, { code: 'invalid_request', message: parsed.error.message });
      if (order.answer) return answer(409, { code: 'conflict', message: 'order already answered' });
      order.answer = { kind: m[2] === 'accept' ? 'accepted' : 'denied', body };
      order.current_state = m[2] === 'accept' ? 'ACCEPTED' : 'DENIED';
      return answer(204);
    }
    if (method === 'POST' && (m = /^\/v1\/eats\/orders\/([^/]+)\/cancel$/.exec(path))) {
      if (lacks(SCOPES_OF.cancelOrder)) return;
      const parsed = uberCancelBody.safeParse(body);
      if (!parsed.success) return answer(400, { code: 'invalid_request', message: parsed.error.message });
      const order = this.orders.get(decodeURIComponent(m[1]));
      // Uber: "If the order is already in a terminal state, or the order never existed, … a 404."
      if (!order || order.current_state === 'DENIED' || order.current_state === 'CANCELED')
        return answer(404, { code: 'not_found', message: 'order not found or already final' });
      order.current_state = 'CANCELED';
      return answer(200, {});
    }
    return answer(404, { code: 'not_found', message: `${method} ${path}` });
  }

  private token(raw: string, answer: (status: number, payload?: unknown) => void) {
    const form = new URLSearchParams(raw);
    const clientId = form.get('client_id') ?? '';
    if (form.get('grant_type') !== 'client_credentials')
      return answer(400, { error: 'unsupported_grant_type' });
    if (!clientId || this.opts.clients[clientId] !== form.get('client_secret'))
      return answer(401, { error: 'invalid_client' });
    // A space-delimited list of the Eats scopes (client credentials): none, or one Uber does not know, is refused.
    const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
    if (!scopes.length || scopes.some((x) => !(UBER_EATS_SCOPES as readonly string[]).includes(x)))
      return answer(400, { error: 'invalid_scope' });
    const token = crypto.randomBytes(24).toString('hex');
    const seconds = this.opts.tokenSeconds ?? 2_592_000;
    this.tokens.set(token, { clientId, expiresAt: Date.now() + seconds * 1000, scopes: new Set(scopes) });
    return answer(200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: seconds,
      scope: form.get('scope') ?? '',
    });
  }
}

/** Start a simulated Uber Eats API on a free port of the loopback. */
export async function startSimulatedUber(opts: UberServerOptions): Promise<SimulatedUber> {
  const uber = new SimulatedUber(opts);
  await uber.start();
  return uber;
}
