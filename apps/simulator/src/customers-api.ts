/**
 * The ordering app's API (`/api/app/v1`, contracts app-api.ts) as a simulated customer's phone
 * calls it: plain fetch against the server's base URL, a member token in `Authorization: Bearer`,
 * an `Idempotency-Key` on every call that moves money or points. A refusal is thrown as an
 * AppCallError carrying the server's status and message; a 401 signs in again once.
 */
import crypto from 'node:crypto';
import {
  APP_API_PREFIX,
  type AppMember,
  type AppOrder,
  type AppOrderBody,
  type AppPlaced,
  type appHeldCouponAnswer,
  type appMenuAnswer,
  type appRedeemableCouponAnswer,
  type appStoresAnswer,
} from '@brewfleet/contracts';
import type { z } from 'zod';

export type AppMenu = z.infer<typeof appMenuAnswer>;
export type AppStore = z.infer<typeof appStoresAnswer>[number];
export type HeldCoupon = z.infer<typeof appHeldCouponAnswer>;
export type RedeemableCoupon = z.infer<typeof appRedeemableCouponAnswer>;

/** Who a simulated customer is: a member of a merchant who signs in with a phone or e-mail. */
export interface Credentials {
  merchantId: string;
  /** The phone or e-mail the member signed up with. */
  login: string;
  password: string;
}

/** A list answered bare or as a page. */
const listOf = <T>(data: T[] | { list: T[] }): T[] => (Array.isArray(data) ? data : data.list);

export class AppCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`${call}: ${status} ${serverMessage}`);
  }
}

export class AppSession {
  private token: string | null = null;
  member: AppMember | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly who: Credentials,
    private readonly signal: AbortSignal,
  ) {}

  private async request<T>(
    method: string,
    path: string,
    body?: unknown,
    moves = false,
    retried = false,
  ): Promise<T> {
    if (!this.token && !path.startsWith('/auth/')) await this.signIn();
    const res = await fetch(`${this.baseUrl}${APP_API_PREFIX}${path}`, {
      method,
      signal: this.signal,
      headers: {
        'accept-language': 'en',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(moves ? { 'idempotency-key': crypto.randomUUID() } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let envelope: { msg?: string; data?: T } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      envelope = { msg: text.slice(0, 200) };
    }
    if (res.status === 401 && this.token && !retried) {
      // The session ended (expired, revoked, server restarted on a new database): sign in again.
      this.token = null;
      return this.request(method, path, body, moves, true);
    }
    if (res.status !== 200) throw new AppCallError(`${method} ${path}`, res.status, envelope.msg ?? '');
    return envelope.data as T;
  }

  async signIn(): Promise<AppMember> {
    const answer = await this.request<{ token: string; member: AppMember }>('POST', '/auth/signin', this.who);
    this.token = answer.token;
    this.member = answer.member;
    return answer.member;
  }

  stores(lat: number, lng: number, radiusKm: number) {
    return this.request<AppStore[]>('GET', `/stores?lat=${lat}&lng=${lng}&radiusKm=${radiusKm}`);
  }
  menu(deviceId: string) {
    return this.request<AppMenu>('GET', `/machines/${deviceId}/menu`);
  }
  async balance(): Promise<string> {
    return (await this.request<{ balance: string }>('GET', '/wallet?limit=1')).balance;
  }
  async points(): Promise<number> {
    return (await this.request<{ points: number }>('GET', '/points?limit=1')).points;
  }
  async heldCoupons(): Promise<HeldCoupon[]> {
    return listOf(await this.request<HeldCoupon[] | { list: HeldCoupon[] }>('GET', '/coupons?limit=100'));
  }
  async redeemable(): Promise<RedeemableCoupon[]> {
    return listOf(
      await this.request<RedeemableCoupon[] | { list: RedeemableCoupon[] }>('GET', '/coupons/redeemable'),
    );
  }
  redeem(couponId: string) {
    return this.request<{ coupon: HeldCoupon; points: number }>(
      'POST',
      '/coupons/redeem',
      { couponId },
      true,
    );
  }
  order(body: AppOrderBody) {
    return this.request<AppPlaced>('POST', '/orders', body, true);
  }
  orderOf(id: string) {
    return this.request<AppOrder>('GET', `/orders/${id}`);
  }
}
