/**
 * The wallet ledger. Every change is an append-only `member_wallet_entry` written by the same
 * statement that moves the member's balance: one conditional update
 * (`wallet_balance + x >= 0`) takes the member's row lock, so concurrent payments queue on it and
 * each sees the balance the one before left — nothing can make a balance negative or spend the same
 * money twice, and a refused move writes nothing. Money is whole cents (bigint) in code and
 * numeric(12,2) in SQL; never a float.
 */
import { sql } from 'drizzle-orm';
import { formatCents, toCents, type WalletEntry, type WalletEntryKind } from '@brewfleet/contracts';
import { isoTime, rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { walletCurrencyOf } from './chains.ts';
import { COUPON_CHECK, refuseCoupon, type CouponCheck } from './coupons.ts';

export interface WalletMove {
  memberId: string;
  /** Signed: positive adds to the wallet, negative takes from it. */
  cents: bigint;
  kind: WalletEntryKind;
  orderId?: string | null;
  /** What an automatic entry answers ("pay:<order>", "refund:<refund>"): a second move with it is skipped. */
  ref?: string | null;
  reason?: string | null;
  byName?: string | null;
  accountId?: string | null;
}

const ENTRY = sql`id::text, kind, amount::text as amount, balance_after::text as "balanceAfter",
  order_id::text as "orderId", reason, by_name as "byName", ${isoTime(sql`created_at`)} as "createdAt"`;

/**
 * Move a wallet and write its entry, or do nothing and answer null (not enough money, no such
 * member in the transaction's scope, or `ref` already moved it).
 */
export async function moveWallet(tx: Db, m: WalletMove): Promise<WalletEntry | null> {
  const amount = formatCents(m.cents);
  const ref = m.ref ?? null;
  const [entry] = await rows<WalletEntry>(
    tx,
    sql`with moved as (
          update member set wallet_balance = wallet_balance + ${amount}::numeric, updated_at = now()
          where id = ${m.memberId}::bigint and wallet_balance + ${amount}::numeric >= 0
            and (${ref}::text is null or not exists (select 1 from member_wallet_entry where ref = ${ref}::text))
          returning id, merchant_id, store_id, wallet_balance)
        insert into member_wallet_entry (merchant_id, store_id, member_id, kind, amount, balance_after, order_id, ref,
                                         reason, by_name, account_id, created_by)
        select merchant_id, store_id, id, ${m.kind}, ${amount}::numeric, wallet_balance, ${m.orderId ?? null}::bigint,
               ${ref}::text, ${m.reason ?? null}::text, ${m.byName ?? null}::text, ${m.accountId ?? null}::bigint,
               ${m.accountId ?? null}::bigint
        from moved
        returning ${ENTRY}`,
  );
  return entry ?? null;
}

/** The member's balance as the transaction sees it (undefined: no such member in scope). */
export async function walletBalance(tx: Db, memberId: string): Promise<string | undefined> {
  const [row] = await rows<{ balance: string }>(
    tx,
    sql`select wallet_balance::text as balance from member where id = ${memberId}::bigint`,
  );
  return row?.balance;
}

/** moveWallet, or the reason it could not: a 404 for a member out of scope, else not enough money. */
export async function mustMoveWallet(tx: Db, m: WalletMove): Promise<WalletEntry> {
  return (await moveWallet(tx, m)) ?? refuseMove(tx, m);
}

/** Why a move moved nothing: a 404 for a member out of scope, else not enough money. */
async function refuseMove(tx: Db, m: WalletMove): Promise<never> {
  const balance = await walletBalance(tx, m.memberId);
  if (balance === undefined) throw new AppError('msg.notFound');
  throw await insufficient(tx, m.memberId, balance, formatCents(m.cents < 0n ? -m.cents : m.cents));
}

/**
 * The refusal of a payment the wallet cannot cover (msg.walletInsufficient): both amounts in the
 * wallet's currency, named, since a member's merchants may sell in several.
 */
async function insufficient(tx: Db, memberId: string, balance: string, amount: string): Promise<AppError> {
  return new AppError('msg.walletInsufficient', {
    balance,
    amount,
    currency: await walletCurrencyOf(tx, memberId),
  });
}

/** A positive amount of money given as a decimal string, in cents (else msg.invalidMoney). */
export function positiveCents(amount: string): bigint {
  let cents: bigint;
  try {
    cents = toCents(amount);
  } catch {
    throw new AppError('msg.invalidMoney');
  }
  if (cents <= 0n) throw new AppError('msg.invalidMoney');
  return cents;
}

export interface Page {
  page: number;
  limit: number;
}

/** What the app's service offers of wallets (money in and out as decimal strings). */
export function createWalletService() {
  return {
    /**
     * Pay an order from the wallet (kind payment; the entry is negative). Once per order: paying an
     * order again answers its first payment. Throws msg.walletInsufficient, writing nothing. The move
     * itself skips an order paid already; only when it moved nothing is the first payment looked for.
     */
    async pay(
      tx: Db,
      p: { memberId: string; amount: string; orderId: string; reason?: string | null },
    ): Promise<{ balance: string; entryId: string }> {
      const cents = positiveCents(p.amount);
      const ref = `pay:${p.orderId}`;
      const move: WalletMove = {
        memberId: p.memberId,
        cents: -cents,
        kind: 'payment',
        orderId: p.orderId,
        ref,
        reason: p.reason ?? null,
      };
      const entry = await moveWallet(tx, move);
      if (entry) return { balance: entry.balanceAfter, entryId: entry.id };
      const [paid] = await rows<{ id: string }>(
        tx,
        sql`select id::text from member_wallet_entry where ref = ${ref} and member_id = ${p.memberId}::bigint`,
      );
      if (paid) return { balance: (await walletBalance(tx, p.memberId))!, entryId: paid.id };
      return refuseMove(tx, move);
    },
    /**
     * What a member could pay with before an order is built (one read): the balance, and the held
     * coupon's discount (refused as `use` would refuse it). Only a first look, to refuse cheaply: the
     * payment's conditional update and the coupon's use decide.
     */
    async payable(
      tx: Db,
      p: { memberId: string; memberCouponId?: string | null },
    ): Promise<{ balance: string; couponDiscount: string | null }> {
      const [found] = await rows<{ balance: string; coupon: CouponCheck | null }>(
        tx,
        sql`select m.wallet_balance::text as balance,
                   ${p.memberCouponId ? sql`(select row_to_json(k) from (${COUPON_CHECK} where mc.id = ${p.memberCouponId}::bigint) k)` : sql`null`} as coupon
            from member m where m.id = ${p.memberId}::bigint`,
      );
      if (!found) throw new AppError('msg.notFound');
      if (!p.memberCouponId) return { balance: found.balance, couponDiscount: null };
      refuseCoupon(found.coupon ?? undefined, p.memberId);
      return { balance: found.balance, couponDiscount: found.coupon!.discount };
    },
    /**
     * The refusal of a payment of `amount` that a `balance` read before (`payable`) cannot cover,
     * naming the wallet's currency; thrown by the caller.
     */
    insufficient: (tx: Db, r: { memberId: string; balance: string; amount: string }) =>
      insufficient(tx, r.memberId, r.balance, r.amount),
    /** Money into the wallet: a refund, a compensation, a top-up or an adjustment (positive amount). */
    async credit(
      tx: Db,
      c: {
        memberId: string;
        amount: string;
        kind: 'refund' | 'compensation' | 'top-up' | 'adjustment';
        orderId?: string | null;
        reason?: string | null;
        by?: string | null;
      },
    ): Promise<{ balance: string; entryId: string }> {
      const entry = await mustMoveWallet(tx, {
        memberId: c.memberId,
        cents: positiveCents(c.amount),
        kind: c.kind,
        orderId: c.orderId ?? null,
        reason: c.reason ?? null,
        byName: c.by ?? null,
      });
      return { balance: entry.balanceAfter, entryId: entry.id };
    },
    /** The member's wallet history, newest first. */
    async entries(tx: Db, memberId: string, page: Page): Promise<{ list: WalletEntry[]; total: number }> {
      const limit = Math.max(1, Math.min(page.limit, 200));
      const offset = (Math.max(1, page.page) - 1) * limit;
      const list = await rows<WalletEntry>(
        tx,
        sql`select ${ENTRY} from member_wallet_entry where member_id = ${memberId}::bigint
            order by created_at desc, id desc limit ${limit} offset ${offset}`,
      );
      const [{ total }] = await rows<{ total: number }>(
        tx,
        sql`select count(*)::int as total from member_wallet_entry where member_id = ${memberId}::bigint`,
      );
      return { list, total };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
