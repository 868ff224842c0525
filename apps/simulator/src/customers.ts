/**
 * Simulated customers of the ordering app (issue 12 §7): members who sign in through the app API
 * and, now and then, order at an online machine near them, paid from their wallet — sometimes with
 * a coupon they hold, sometimes redeeming points for one first. They come as the machines'
 * customers come: a visit is due every 20–60 s, and happens with the probability of the hour's
 * demand in the customer's local time (orders.ts: morning and afternoon peaks, quiet nights, later
 * weekends). A customer whose wallet no longer covers even the cheapest cup stays away (the app has
 * no top-up; `onLowBalance` lets the host top the wallet up at the counter).
 *
 * Only HTTP against the server's base URL, as a phone would; stoppable; a failed visit is reported
 * to `onError` and the next visit comes as planned.
 */
import { formatCents, toCents } from '@brewfleet/contracts';
import { demandAt } from './orders.ts';
import { AppSession, type Credentials, type HeldCoupon } from './customers-api.ts';
import { cheapestBasket, chooseBasket, type Basket } from './customers-choice.ts';

export interface AppCustomer extends Credentials {
  /** Where the customer is: stores are looked for around it. */
  lat: number;
  lng: number;
  /** The customer's local time zone (IANA): the hour's demand is read in it. */
  timeZone: string;
}

export interface CustomerOrder {
  login: string;
  orderId: string;
  orderNo: string;
  pickupCode: string;
  deviceId: string;
  actualPayment: string;
  walletBalance: string;
  /** The held coupon used on the order, if any. */
  memberCouponId: string | null;
  /** The coupon redeemed with points during this visit, if any. */
  redeemedCouponId: string | null;
}

export interface CustomersOptions {
  /** The server's own base URL (`http://127.0.0.1:8080`). */
  baseUrl: string;
  customers: AppCustomer[];
  /** Seconds between visits due (one customer each), drawn evenly between the two. Default 20–60. */
  everySeconds?: readonly [number, number];
  /** Stores looked for within this distance of the customer (km, default 10). */
  radiusKm?: number;
  /** The hour's demand at `at` in `timeZone`, 0–1 (default: the simulator's day shape). */
  demand?: (at: Date, timeZone: string) => number;
  /** Share of orders that use a held coupon when the customer has one (default 0.4). */
  couponShare?: number;
  /** Share of visits that first redeem points for a coupon when there are enough (default 0.3). */
  redeemShare?: number;
  random?: () => number;
  onOrder?(order: CustomerOrder): void;
  onError?(login: string, error: Error): void;
  /** The wallet no longer covers the cheapest cup (balance, the cup's price): the host may top it up. */
  onLowBalance?(
    customer: AppCustomer,
    memberId: string,
    balance: string,
    needed: string,
  ): Promise<void> | void;
}

export class AppCustomers {
  private readonly sessions = new Map<string, AppSession>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly random: () => number;
  /** Visits that ordered, failed, or stayed away (no machine, no money, a quiet hour). */
  readonly counts = { orders: 0, failures: 0, skipped: 0 };

  constructor(private readonly opts: CustomersOptions) {
    this.random = opts.random ?? Math.random;
  }

  /** Plan the first visit; each visit plans the next. */
  start(): this {
    this.plan();
    return this;
  }

  /** No more visits; waits for the one under way (its calls are aborted). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.abort.abort();
    await this.running.catch(() => {});
  }

  private plan() {
    if (this.stopped || !this.opts.customers.length) return;
    const [min, max] = this.opts.everySeconds ?? [20, 60];
    this.timer = setTimeout(() => this.tick(), (min + this.random() * (max - min)) * 1000);
    // The host's process decides when to end; a planned visit does not keep it alive.
    this.timer.unref();
  }

  private tick() {
    const customer = this.opts.customers[Math.floor(this.random() * this.opts.customers.length)];
    const demand = (this.opts.demand ?? demandAt)(new Date(), customer.timeZone);
    const visit = this.random() < demand ? this.visit(customer) : Promise.resolve(this.skip());
    this.running = visit.catch(() => null).finally(() => this.plan());
  }

  private skip(): null {
    this.counts.skipped++;
    return null;
  }

  private session(customer: AppCustomer): AppSession {
    const key = `${customer.merchantId}/${customer.login}`;
    let session = this.sessions.get(key);
    if (!session) {
      session = new AppSession(this.opts.baseUrl, customer, this.abort.signal);
      this.sessions.set(key, session);
    }
    return session;
  }

  /**
   * One visit now: sign in if needed, find an ordering machine nearby, perhaps redeem points, choose
   * from its menu what the wallet covers, perhaps with a coupon, and order. Answers the order, or
   * null when the customer stayed away; a failure is reported to onError and answered as null.
   */
  async visit(customer: AppCustomer): Promise<CustomerOrder | null> {
    try {
      return await this.order(customer);
    } catch (error) {
      if (this.stopped) return null;
      this.counts.failures++;
      this.opts.onError?.(customer.login, error as Error);
      return null;
    }
  }

  private async order(customer: AppCustomer): Promise<CustomerOrder | null> {
    const app = this.session(customer);
    const stores = await app.stores(customer.lat, customer.lng, this.opts.radiusKm ?? 10);
    const machines = stores.flatMap((s) => (s.isOpen ? s.machines.filter((m) => m.ordering) : []));
    if (!machines.length) return this.skip();
    const machine = machines[Math.floor(this.random() * machines.length)];
    const offered = await app.menu(machine.id);
    // What the machine cannot make now is not chosen (the app shows it sold out).
    const menu = { ...offered, products: offered.products.filter((p) => !p.soldOut) };

    const redeemed = this.random() < (this.opts.redeemShare ?? 0.3) ? await this.redeem(app) : null;
    const held = this.random() < (this.opts.couponShare ?? 0.4) ? await this.usableCoupon(app) : null;
    const balance = toCents(await app.balance());
    // A coupon goes on a basket it does not pay for whole (nobody spends one on a cheaper cup).
    const couponFor = (b: Basket) => (held && toCents(held.discountAmount) < b.cents ? held : null);
    const due = (b: Basket) => b.cents - (couponFor(b) ? toCents(held!.discountAmount) : 0n);
    let basket: Basket | null = chooseBasket(menu, this.random);
    // Short of money for what was wanted: the cheapest plain cup, or nothing.
    if (basket && due(basket) > balance) basket = cheapestBasket(menu);
    if (!basket) return this.skip();
    if (due(basket) > balance) {
      await this.opts.onLowBalance?.(
        customer,
        app.member!.id,
        formatCents(balance),
        formatCents(due(basket)),
      );
      return this.skip();
    }
    const coupon = couponFor(basket);
    const placed = await app.order({
      deviceId: machine.id,
      orderType: this.random() < 0.5 ? 'dine-in' : 'pack',
      lines: basket.lines,
      ...(coupon ? { memberCouponId: coupon.id } : {}),
    });
    this.counts.orders++;
    const order: CustomerOrder = {
      login: customer.login,
      orderId: placed.orderId,
      orderNo: placed.orderNo,
      pickupCode: placed.pickupCode,
      deviceId: machine.id,
      actualPayment: placed.actualPayment,
      walletBalance: placed.walletBalance,
      memberCouponId: coupon?.id ?? null,
      redeemedCouponId: redeemed?.id ?? null,
    };
    this.opts.onOrder?.(order);
    return order;
  }

  /** Redeem points for the dearest coupon they afford, if any. */
  private async redeem(app: AppSession): Promise<HeldCoupon | null> {
    const points = await app.points();
    const affordable = (await app.redeemable())
      .filter((c) => c.pointsCost > 0 && c.pointsCost <= points)
      .sort((a, b) => b.pointsCost - a.pointsCost);
    if (!affordable.length) return null;
    return (await app.redeem(affordable[0].id)).coupon;
  }

  /** A held coupon usable now, the one that lapses first. */
  private async usableCoupon(app: AppSession): Promise<HeldCoupon | null> {
    const now = Date.now();
    const usable = (await app.heldCoupons())
      .filter(
        (c) =>
          c.status === 'available' &&
          (!c.validFrom || Date.parse(c.validFrom) <= now) &&
          (!c.validTo || Date.parse(c.validTo) > now),
      )
      .sort((a, b) => Date.parse(a.validTo ?? '9999') - Date.parse(b.validTo ?? '9999'));
    return usable[0] ?? null;
  }
}

/** Start simulated app customers (see AppCustomers); stop them with `stop()`. */
export function startCustomers(opts: CustomersOptions): AppCustomers {
  return new AppCustomers(opts).start();
}
