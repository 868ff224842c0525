/**
 * Simulated machines sell (docs/device-protocol.md §4.3, orders): a machine with a menu turns each
 * customer into an `order` event, its statuses and the cups that name their order line, all valid by
 * the contracts' schemas, priced by the protocol's rule from the menu it adopted; a cup that fails
 * rejects its order. Customers follow the local day's shape and pay by the payment mix.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  orderEvent,
  orderStatusEvent,
  productionEvent,
  seededRandom,
  topicFor,
  type MenuContent,
  type OrderReport,
} from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';
import { WEEKDAY_DEMAND, WEEKEND_DEMAND, composeOrder, demandAt, localTime } from '../src/orders.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

type MenuProduct = MenuContent['products'][number];
const recipe: MenuProduct['recipe'] = {
  steps: [
    { action: 'grind', channel: 1, params: { powderG: 18 } },
    { action: 'brew', params: { waterMl: 40, temperatureC: 93 } },
    { action: 'milk', channel: 4, params: { milkMl: 120 } },
  ],
};
const option = (id: string, type: string, name: string, priceChange: string, more: object = {}) => ({
  id,
  type,
  name,
  priceChange,
  amountFactor: 1,
  isDefault: false,
  ...more,
});
/** A latte in two sizes and two milks, a combination priced below its options' sum, two toppings. */
const LATTE: MenuProduct = {
  code: 'LATTE',
  name: 'Latte',
  kind: 'drink',
  family: 'coffee',
  price: '3.20',
  recipeVersion: 2,
  recipe,
  options: [
    option('1', 'Size', 'Regular', '0.00', { isDefault: true, required: true }),
    option('2', 'Size', 'Large', '0.60', { required: true, amountFactor: 1.3 }),
    option('3', 'Milk', 'Oat', '0.50'),
    option('4', 'Milk', 'Soy', '0.40'),
  ],
  toppings: [
    { name: 'Cinnamon', price: '0.30', charged: true },
    { name: 'Cocoa', price: '0.25', charged: false },
  ],
  combos: [{ optionIds: ['3', '2'], amountFactor: 1.3, priceChange: '0.90' }],
};
const ESPRESSO: MenuProduct = {
  ...LATTE,
  code: 'ESP',
  name: 'Espresso',
  price: '2.40',
  options: [],
  toppings: [],
  combos: [],
};
const MENU: MenuContent = {
  version: '2026-11-23.7',
  name: 'Winter',
  currency: 'USD',
  products: [LATTE, ESPRESSO],
};

/** The price rule, written out again from the protocol document: a line's price of one, in cents. */
function expectedUnitCents(line: OrderReport['lines'][number]): number {
  const product = MENU.products.find((p) => p.code === line.productCode)!;
  const cents = (s: string) => Math.round(Number(s) * 100);
  const chosen = [...line.options].sort().join(',');
  const combo = product.combos?.find((c) => [...c.optionIds].sort().join(',') === chosen);
  const options = combo
    ? cents(combo.priceChange)
    : line.options.reduce((sum, id) => sum + cents(product.options.find((o) => o.id === id)!.priceChange), 0);
  const toppings = line.toppings.reduce((sum, t) => {
    const topping = product.toppings.find((x) => x.name === t.code)!;
    return sum + (topping.charged ? cents(topping.price) * t.quantity : 0);
  }, 0);
  return cents(product.price) + options + toppings;
}
const cents = (s: string) => Math.round(Number(s) * 100);

const started: SimulatedMachine[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
});

async function sellingMachine(
  opts: {
    salesTaxRate?: string;
    random?: () => number;
    cupsPerMinute?: number;
    customersPerHour?: number;
  } = {},
) {
  const sn = serial();
  const events = await observer(MOSQUITTO, topicFor(sn, 'events'));
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: sn,
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 100,
    faultChance: 0,
    refillChance: 1,
    ...opts,
  });
  // Every tick a customer: no cleaning or fault keeps the machine busy.
  m.autoCleaning = false;
  started.push(m);
  await m.start();
  const id = await events.command(sn, 'menu', { version: MENU.version, menu: MENU });
  const end = Date.now() + 5000;
  while (m.menu?.version !== MENU.version && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  expect(m.menu?.version, `menu command ${id}`).toBe(MENU.version);
  return { sn, m, events };
}

/** Every event the machine sent, in order, once the broker delivered them. */
async function sent(events: Awaited<ReturnType<typeof observer>>, until: (all: any[]) => boolean) {
  const all = () => events.messages.flatMap((x) => x.body.events as any[]);
  const end = Date.now() + 10_000;
  while (!until(all()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return all();
}

describe('a machine that sells', () => {
  it('reports each customer as an order, its statuses and its cups, valid and priced by the rule', async () => {
    // Seeded: a combination is chosen by about 1 line in 70 here, so 150 customers at random had
    // none in about 1 run in 15.
    const { m, events } = await sellingMachine({ random: seededRandom('orders') });
    const CUSTOMERS = 150;
    for (let i = 0; i < CUSTOMERS; i++) m.tick();
    const all = await sent(events, (list) => list.filter((e) => e.type === 'order').length === CUSTOMERS);
    const orders = all.filter((e) => e.type === 'order');
    expect(orders).toHaveLength(CUSTOMERS);
    expect(new Set(orders.map((o) => o.orderNo)).size).toBe(CUSTOMERS);

    for (const e of all) {
      const schema = e.type === 'order' ? orderEvent : e.type === 'order-status' ? orderStatusEvent : null;
      if (schema) expect(schema.safeParse(e).success, JSON.stringify(e)).toBe(true);
      if (e.type === 'production') expect(productionEvent.safeParse(e).success, JSON.stringify(e)).toBe(true);
    }
    const finals = { completed: 0, cancelled: 0, rejected: 0 };
    let toppings = 0;
    let combos = 0;
    for (const order of orders as OrderReport[]) {
      expect(order.menuVersion).toBe(MENU.version);
      expect(order.currency).toBe('USD');
      expect(order.pickupCode).toMatch(/^\d{4}$/);
      expect(order.orderNo).toMatch(/^[A-Z0-9]{1,6}-\d{6}-\d+$/);
      for (const line of order.lines) {
        expect(cents(line.unitPrice), JSON.stringify(line)).toBe(expectedUnitCents(line));
        if (line.toppings.length) toppings++;
        if (line.combination) combos++;
      }
      // Prices include tax here: the amount is the lines' sum, with no tax reported.
      const sum = order.lines.reduce((total, l) => total + cents(l.unitPrice) * l.quantity, 0);
      expect(cents(order.payment.amount)).toBe(sum);
      expect(order.tax).toBeUndefined();

      const statuses = all.filter((e) => e.type === 'order-status' && e.orderNo === order.orderNo);
      const cups = all.filter((e) => e.type === 'production' && e.order?.orderNo === order.orderNo);
      const path = statuses.map((s) => s.status);
      const last = path.at(-1) as keyof typeof finals;
      finals[last]++;
      // Every status after the order, in time order.
      for (const s of statuses) expect(Date.parse(s.ts)).toBeGreaterThanOrEqual(Date.parse(order.ts));
      if (last === 'cancelled') {
        expect(path).toEqual(['cancelled']);
        expect(cups).toHaveLength(0);
        continue;
      }
      expect(path.slice(0, 2)).toEqual(['paid', 'processing']);
      expect(statuses[0].received).toBe(order.payment.amount);
      if (last === 'completed') {
        expect(path).toEqual(['paid', 'processing', 'completed']);
        // One cup per unit of each line, naming its line.
        for (const line of order.lines)
          expect(cups.filter((c) => c.order.line === line.line && c.result === 'completed')).toHaveLength(
            line.quantity,
          );
      } else {
        expect(last).toBe('rejected');
        expect(statuses.at(-1).reason).toBeTruthy();
        expect(cups.at(-1).result).toBe('failed');
      }
    }
    expect(finals.completed).toBeGreaterThan(CUSTOMERS * 0.8);
    // Some customers choose a topping, some a combination (roughly 1 in 5 and 1 in 20).
    expect(toppings).toBeGreaterThan(0);
    expect(combos).toBeGreaterThan(0);
    await events.client.endAsync();
  });

  it('has as many customers as its busiest hour is given, whatever its clock ticks (the demo’s pace)', async () => {
    // A tick a minute, 6 customers an hour: 600 ticks are ten busiest hours, ~60 orders (not 600).
    const { m, events } = await sellingMachine({
      random: seededRandom('pace'),
      cupsPerMinute: 1,
      customersPerHour: 6,
    });
    for (let i = 0; i < 600; i++) m.tick();
    // Sent within the next flushes (every 100 ms here); then no more come.
    await sent(events, (list) => list.filter((e) => e.type === 'order').length > 40);
    await new Promise((r) => setTimeout(r, 1000));
    const orders = (await sent(events, () => true)).filter((e) => e.type === 'order');
    expect(orders.length).toBeGreaterThan(40);
    expect(orders.length).toBeLessThan(80);
    await events.client.endAsync();
  });

  it('rejects the order whose cup cannot be made, saying why', async () => {
    const { m, events } = await sellingMachine();
    m.refillChance = 0;
    m.setLevel(1, 0); // the bean hopper is empty
    m.tick();
    const all = await sent(events, (list) =>
      list.some((e) => e.type === 'order-status' && e.status !== 'paid' && e.status !== 'processing'),
    );
    const order = all.find((e) => e.type === 'order');
    const last = all.filter((e) => e.type === 'order-status').at(-1);
    // Cancelled before paying is the 2 in 100 that never reach a cup.
    if (last.status !== 'cancelled') {
      expect(last).toMatchObject({
        status: 'rejected',
        orderNo: order.orderNo,
        reason: 'channel 1 is short of material',
      });
      const cup = all.find((e) => e.type === 'production');
      expect(cup).toMatchObject({ result: 'failed', order: { orderNo: order.orderNo, line: 1 } });
    }
    await events.client.endAsync();
  });

  it('adds the sales tax it charged where prices exclude tax, and reports it', async () => {
    const { m, events } = await sellingMachine({ salesTaxRate: '8.875' });
    for (let i = 0; i < 20; i++) m.tick();
    const all = await sent(events, (list) => list.filter((e) => e.type === 'order').length === 20);
    for (const order of all.filter((e) => e.type === 'order') as OrderReport[]) {
      // Each line's tax rounded half up to the cent, the order's the sum of its lines'.
      const tax = order.lines.reduce(
        (total, l) => total + Math.round((cents(l.unitPrice) * l.quantity * 8.875) / 100 + 1e-9),
        0,
      );
      const sum = order.lines.reduce((total, l) => total + cents(l.unitPrice) * l.quantity, 0);
      expect(cents(order.tax!)).toBe(tax);
      expect(cents(order.payment.amount)).toBe(sum + tax);
    }
    await events.client.endAsync();
  });
});

describe('customers', () => {
  it('pay by the mix: card machine about 35 %, cash, wallet and apps about 20 % each, other 5 %', () => {
    const count: Record<string, number> = {};
    let pack = 0;
    const N = 20_000;
    for (let i = 0; i < N; i++) {
      const { order } = composeOrder(MENU, MENU.products, Math.random, {
        orderNo: `T-${i}`,
        pickupCode: '1234',
      });
      count[order.payment.method] = (count[order.payment.method] ?? 0) + 1;
      if (order.orderType === 'pack') pack++;
      expect(order.lines.length).toBeGreaterThanOrEqual(1);
      expect(order.lines.length).toBeLessThanOrEqual(2); // two products on this menu
    }
    const share = (method: string) => (count[method] ?? 0) / N;
    expect(share('card-machine')).toBeCloseTo(0.35, 1);
    for (const method of ['cash', 'wallet', 'third-party']) expect(share(method)).toBeCloseTo(0.2, 1);
    expect(share('other')).toBeGreaterThan(0.03);
    expect(share('other')).toBeLessThan(0.07);
    expect(pack / N).toBeGreaterThan(0.3);
    expect(pack / N).toBeLessThan(0.6);
  });

  it('come by the local day: morning and afternoon peaks, a quiet night, later and quieter weekends', () => {
    // Monday 2026-11-23 and Saturday 2026-11-28 in Taipei (UTC+8).
    const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:30:00+08:00`);
    const weekday = (h: number) => demandAt(at('2026-11-23', h), 'Asia/Taipei');
    const saturday = (h: number) => demandAt(at('2026-11-28', h), 'Asia/Taipei');
    expect(localTime(at('2026-11-23', 8), 'Asia/Taipei')).toMatchObject({
      hour: 8,
      weekday: 1,
      day: '261123',
    });
    for (const peak of [7, 8, 9, 14, 15, 16]) expect(weekday(peak)).toBeGreaterThan(5 * weekday(3));
    expect(weekday(8)).toBeGreaterThan(weekday(12));
    expect(weekday(15)).toBeGreaterThan(weekday(12));
    // The weekend starts later (quiet at 7, busy at 11) and never reaches a weekday's peak.
    expect(saturday(7)).toBeLessThan(weekday(7) / 3);
    expect(saturday(11)).toBeGreaterThan(weekday(11));
    expect(Math.max(...WEEKEND_DEMAND)).toBeLessThan(0.7 * Math.max(...WEEKDAY_DEMAND));
    // The same instant is 8 in the morning in Taipei and midnight in London: the zone decides.
    expect(demandAt(at('2026-11-23', 8), 'Europe/London')).toBeLessThan(weekday(8) / 10);
  });
});
