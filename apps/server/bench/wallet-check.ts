/**
 * What the wallet bench asserts after the payments (issue 12 §8): for every member, exactly the
 * affordable payments succeeded and every other was refused with the insufficient-balance message;
 * in SQL, the ledger of each member sums to its balance, the last entry's balance_after is that
 * balance, no entry ever went below zero, and the balance is the top-ups less what succeeded.
 */
import pg from 'pg';
import type { Answer } from './wallet-http.ts';
import type { MemberPlan } from './wallet-plan.ts';

export interface Paid {
  member: MemberPlan;
  amount: number;
  answer: Answer;
}

/** The English text of msg.walletInsufficient (contracts member-messages.ts), with any figures. */
const INSUFFICIENT = /^The wallet holds [A-Z]{3} \d+\.\d\d: not enough for [A-Z]{3} \d+\.\d\d$/;

export interface AnswersVerdict {
  succeeded: number;
  refused: number;
  /** Members whose successes differ from their affordable count, with both numbers. */
  wrongCounts: Array<{ member: number; affordable: number; succeeded: number }>;
  /** Answers that were neither a success nor the insufficient-balance refusal. */
  unexpected: Array<{ status: number; msg: unknown }>;
  /** Successful amounts by member index, in cents. */
  spent: Map<number, number>;
}

export function checkAnswers(paid: Paid[]): AnswersVerdict {
  const successes = new Map<number, number>();
  const spent = new Map<number, number>();
  const unexpected: AnswersVerdict['unexpected'] = [];
  let succeeded = 0;
  let refused = 0;
  for (const p of paid) {
    if (p.answer.status === 200) {
      succeeded++;
      successes.set(p.member.index, (successes.get(p.member.index) ?? 0) + 1);
      spent.set(p.member.index, (spent.get(p.member.index) ?? 0) + p.amount);
    } else if (p.answer.status === 409 && INSUFFICIENT.test(String(p.answer.body.msg))) refused++;
    else unexpected.push({ status: p.answer.status, msg: p.answer.body.msg });
  }
  const members = [...new Map(paid.map((p) => [p.member.index, p.member])).values()];
  const wrongCounts = members
    .filter((m) => (successes.get(m.index) ?? 0) !== m.affordable)
    .map((m) => ({ member: m.index, affordable: m.affordable, succeeded: successes.get(m.index) ?? 0 }));
  return { succeeded, refused, wrongCounts, unexpected, spent };
}

export interface LedgerVerdict {
  members: number;
  entries: number;
  /**
   * Members whose ledger sum or expected balance differs from the balance, or whose entries do not
   * chain (each entry's balance_after less its amount is the balance_after of the one before it,
   * starting from zero and ending at the balance: no move was computed from a stale balance).
   */
  mismatches: Array<Record<string, string>>;
  /** All these members' balances, and all their entries, summed (decimal strings). */
  totalBalance: string;
  totalLedger: string;
}

/**
 * Walk a member's entries from a zero balance, each next entry the one that starts where the last
 * ended; answers where the walk ends, or null when some entry cannot be placed. (Creation times do
 * not order concurrent transactions, so the chain is found from the amounts themselves.)
 */
function chainEnd(entries: Array<{ amount: number; after: number }>): number | null {
  const left = [...entries];
  let balance = 0;
  while (left.length) {
    const i = left.findIndex((e) => e.after - e.amount === balance);
    if (i < 0) return null;
    balance = left[i].after;
    left.splice(i, 1);
  }
  return balance;
}

/**
 * The ledger against the balances, for the members with these ids (memberId → the top-ups and what
 * succeeded, in cents). Read as the database owner: row-level security does not hide rows from it.
 */
export async function checkLedger(
  databaseUrl: string,
  expected: Map<string, { balance: number; spent: number }>,
): Promise<LedgerVerdict> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      balance: string;
      ledger: string;
      entries: Array<{ amount: number; after: number }>;
    }>(
      `select m.id::text, m.wallet_balance::text as balance,
              coalesce(sum(e.amount), 0)::text as ledger,
              coalesce(jsonb_agg(jsonb_build_object('amount', (e.amount * 100)::bigint, 'after', (e.balance_after * 100)::bigint))
                         filter (where e.id is not null), '[]') as entries
         from member m left join member_wallet_entry e on e.member_id = m.id
        where m.id = any($1::bigint[])
        group by m.id`,
      [[...expected.keys()]],
    );
    const cents = (v: string) => Math.round(Number(v) * 100);
    const mismatches: LedgerVerdict['mismatches'] = [];
    for (const r of rows) {
      const want = expected.get(r.id)!;
      const should = want.balance - want.spent;
      const end = chainEnd(r.entries);
      if (r.balance !== r.ledger || cents(r.balance) !== should || end !== cents(r.balance))
        mismatches.push({
          member: r.id,
          balance: r.balance,
          ledger: r.ledger,
          expected: (should / 100).toFixed(2),
          chain: end === null ? 'broken' : (end / 100).toFixed(2),
        });
    }
    if (rows.length !== expected.size) mismatches.push({ missing: String(expected.size - rows.length) });
    const total = (pick: (r: (typeof rows)[number]) => string) =>
      (rows.reduce((a, r) => a + cents(pick(r)), 0) / 100).toFixed(2);
    return {
      members: rows.length,
      entries: rows.reduce((a, r) => a + r.entries.length, 0),
      mismatches,
      totalBalance: total((r) => r.balance),
      totalLedger: total((r) => r.ledger),
    };
  } finally {
    await client.end();
  }
}
