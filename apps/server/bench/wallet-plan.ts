/**
 * The wallet bench's payments (issue 12 §8): PAYMENTS_PER_MEMBER payments aimed at each member, of
 * different amounts, and a balance that affords exactly `affordable` of them whatever order they
 * arrive in. That needs the `affordable` dearest to fit and no `affordable + 1` of the cheapest to
 * fit: each member's amounts lie close together (base + 7 cents a step), and the balance is the sum
 * of the dearest `affordable` plus half of the gap to the cheapest `affordable + 1`. So "exactly
 * the affordable ones succeed" is one number per member, checkable under any concurrency.
 */

export const PAYMENTS_PER_MEMBER = 10;

export interface MemberPlan {
  /** 0-based, the member's place in the bench. */
  index: number;
  /** The payments aimed at this member, in cents (all different). */
  amounts: number[];
  /** How many of them the balance allows, whatever the order. */
  affordable: number;
  /** The balance given by top-ups before the payments, in cents (0: no top-up). */
  balance: number;
}

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

/** Ten amounts 7 cents apart from a base of 8.00–15.00 that depends on the member, shuffled. */
export function spreadAmounts(index: number): number[] {
  const base = 800 + ((index * 37) % 701);
  return Array.from({ length: PAYMENTS_PER_MEMBER }, (_, j) => base + 7 * ((j * 3 + index) % 10));
}

/**
 * The plan for `members` members: six of ten affordable for most (the example), every count
 * from 0 to 10 for some. `amountsFor` gives a member's ten amounts (the prices of what an app order
 * buys, when the payments are orders).
 */
export function walletPlan(
  members: number,
  amountsFor: (index: number) => number[] = spreadAmounts,
): MemberPlan[] {
  return Array.from({ length: members }, (_, index) => {
    const affordable = index % 4 === 0 ? (index / 4) % (PAYMENTS_PER_MEMBER + 1) : 6;
    const amounts = amountsFor(index);
    const ascending = [...amounts].sort((a, b) => a - b);
    const dearest = sum(ascending.slice(PAYMENTS_PER_MEMBER - affordable));
    const cheapestMore =
      affordable < PAYMENTS_PER_MEMBER ? sum(ascending.slice(0, affordable + 1)) : Infinity;
    if (dearest >= cheapestMore) throw new Error(`plan of member ${index}: amounts too far apart`);
    const balance =
      affordable === PAYMENTS_PER_MEMBER ? dearest + 50 : dearest + Math.floor((cheapestMore - dearest) / 2);
    return { index, amounts, affordable, balance };
  });
}

/** Cents as the API's decimal string ("12.30", "-8.05"). */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
