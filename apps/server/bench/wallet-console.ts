/**
 * The wallet bench's console path: members made through `POST /api/coffee/member`, funded by
 * top-ups and paid from by negative adjustments of `POST /api/coffee/member/wallet` (Idempotency-Key),
 * as a merchant administrator made for the bench. The same ledger move as an app order's payment,
 * without the order around it.
 */
import crypto from 'node:crypto';
import { encryptLongText } from '@brewfleet/contracts';
import { dataOf, type Answer, type Client } from './wallet-http.ts';
import { money, type MemberPlan } from './wallet-plan.ts';

export const BENCH_ADMIN_PASSWORD = 'Brew-Admin-2026';
const MERCHANT_PASSWORD = 'Bench-Wallet-2026';

/** How a bench member is paid from: one call per payment. */
export interface Payer {
  /** What is measured, for the printout and the README. */
  path: string;
  /** Member id by plan index. */
  memberIds: string[];
  pay(member: MemberPlan, cents: number): Promise<Answer>;
}

export async function signIn(client: Client, account: string, password: string): Promise<string> {
  const { publicKey } = dataOf<{ publicKey: string }>(
    'public key',
    await client.send('GET', '/api/auth/publicKey'),
  );
  const { tokenValue } = dataOf<{ tokenValue: string }>(
    `sign-in of ${account}`,
    await client.send('POST', '/api/auth/doLogin', {
      body: { account, password: encryptLongText(publicKey, password), agreement: true },
    }),
  );
  return tokenValue;
}

/** A merchant of the bench's own (Hong Kong: no sales tax on its orders) and its administrator's token. */
export async function benchMerchant(client: Client, name: string, login: string) {
  const admin = await signIn(client, 'admin', BENCH_ADMIN_PASSWORD);
  const { publicKey } = dataOf<{ publicKey: string }>(
    'public key',
    await client.send('GET', '/api/auth/publicKey'),
  );
  const merchant = dataOf<{ id: string }>(
    'merchant',
    await client.send('POST', '/api/coffee/merchant', {
      headers: { token: admin },
      body: {
        name,
        loginAccount: login,
        password: encryptLongText(publicKey, MERCHANT_PASSWORD),
        country: 'HK',
      },
    }),
  );
  return { admin, merchantId: merchant.id, token: await signIn(client, login, MERCHANT_PASSWORD) };
}

/** Top-ups for a member's planned balance, as two ledger entries when it is large enough. */
export async function fund(client: Client, token: string, memberId: string, balance: number) {
  const parts = balance >= 200 ? [Math.floor(balance * 0.6), balance - Math.floor(balance * 0.6)] : [balance];
  for (const cents of parts)
    dataOf(
      'top-up',
      await client.send('POST', '/api/coffee/member/wallet', {
        headers: { token, 'idempotency-key': crypto.randomUUID() },
        body: { memberId, amount: money(cents), reason: 'bench top-up', kind: 'top-up' },
      }),
    );
}

/** Members of the plan made and funded in the console; payments are negative adjustments. */
export async function consolePayer(client: Client, plan: MemberPlan[], prefix: string): Promise<Payer> {
  const { merchantId, token } = await benchMerchant(
    client,
    `Bench Wallet ${prefix}`,
    `bench-wallet-${prefix}`,
  );
  const memberIds: string[] = [];
  for (const m of plan) {
    const member = dataOf<{ id: string }>(
      'member',
      await client.send('POST', '/api/coffee/member', {
        headers: { token },
        body: {
          merchantId,
          username: `Bench member ${prefix}-${m.index}`,
          phone: `+852 6${String(m.index).padStart(7, '0')}`,
        },
      }),
    );
    memberIds.push(member.id);
    await fund(client, token, member.id, m.balance);
  }
  return {
    path: 'console: POST /api/coffee/member/wallet, kind adjustment, negative amount (Idempotency-Key)',
    memberIds,
    pay: (member, cents) =>
      client.send('POST', '/api/coffee/member/wallet', {
        headers: { token, 'idempotency-key': crypto.randomUUID() },
        body: {
          memberId: memberIds[member.index],
          amount: money(-cents),
          reason: 'bench payment',
          kind: 'adjustment',
        },
      }),
  };
}
