/**
 * Failed sign-ins counted per account and per address in the database (shared by all server
 * processes). Past the limit within the window, the key is locked for `lockSeconds`: 429.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';

export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
  lockSeconds: number;
}
export interface ThrottleOptions {
  account: ThrottleRule;
  address: ThrottleRule;
}
export const DEFAULT_THROTTLE: ThrottleOptions = {
  account: { limit: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  address: { limit: 30, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
};

export function createThrottle(db: Db, opts: ThrottleOptions = DEFAULT_THROTTLE) {
  const keys = (account: string, ip: string) => ({
    account: `account:${account.trim().toLowerCase()}`,
    address: `ip:${ip}`,
  });

  async function fail(key: string, rule: ThrottleRule) {
    await db.execute(sql`
      insert into login_throttle as t (key, failures, window_start) values (${key}, 1, now())
      on conflict (key) do update set
        failures = case when t.window_start < now() - make_interval(secs => ${rule.windowSeconds}) then 1 else t.failures + 1 end,
        window_start = case when t.window_start < now() - make_interval(secs => ${rule.windowSeconds}) then now() else t.window_start end,
        locked_until = case
          when t.window_start >= now() - make_interval(secs => ${rule.windowSeconds}) and t.failures + 1 >= ${rule.limit}
          then now() + make_interval(secs => ${rule.lockSeconds})
          else t.locked_until end`);
  }

  return {
    /** Seconds until the account or the address may try again; 0 when neither is locked. */
    async lockedFor(account: string, ip: string): Promise<number> {
      const k = keys(account, ip);
      const [row] = await rows<{ seconds: number | null }>(
        db,
        sql`select ceil(max(extract(epoch from locked_until - now())))::int as seconds from login_throttle
             where key in (${k.account}, ${k.address}) and locked_until > now()`,
      );
      return row?.seconds ?? 0;
    },
    async recordFailure(account: string, ip: string) {
      const k = keys(account, ip);
      await fail(k.account, opts.account);
      await fail(k.address, opts.address);
    },
    async recordSuccess(account: string) {
      await db.execute(sql`delete from login_throttle where key = ${keys(account, '').account}`);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
