/**
 * Members as the ordering app knows them: sign-up (a member made with a password hash the app
 * computed), the sign-in lookup, the profile, and the merchants where a member is known.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Gender, MemberStatus } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ancestorsOf, idArray, subtreeOf } from './chains.ts';

export interface MemberProfile {
  id: string;
  memberNo: string;
  merchantId: string;
  username: string;
  phone: string | null;
  email: string | null;
  gender: Gender | null;
  birthday: string | null;
  walletBalance: string;
  points: number;
  status: MemberStatus;
}

/**
 * A new member number: "M" and 12 random digits. Random rather than counted: a machine takes the
 * number from the member's code, and a guessable number would let anyone spend another's wallet.
 */
export function newMemberNo(): string {
  return `M${crypto.randomInt(0, 1_000_000_000_000).toString().padStart(12, '0')}`;
}

/** Empty phone or e-mail is none (the unique indexes ignore none). */
export function cleanContact(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

const PROFILE = sql`id::text, member_no as "memberNo", merchant_id::text as "merchantId", username, phone, email,
  gender, to_char(birthday, 'YYYY-MM-DD') as birthday, wallet_balance::text as "walletBalance", points, status`;

export function createProfileService() {
  return {
    /** Sign-up: a member of `merchantId` (409 msg.memberPhoneTaken / msg.memberEmailTaken on a duplicate). */
    async createMember(
      tx: Db,
      m: {
        merchantId: string;
        username: string;
        phone?: string | null;
        email?: string | null;
        passwordHash?: string | null;
        gender?: Gender | null;
        birthday?: string | null;
      },
    ): Promise<MemberProfile> {
      if (!m.merchantId) throw new AppError('msg.merchantRequired');
      const [created] = await rows<MemberProfile>(
        tx,
        sql`insert into member (merchant_id, member_no, username, phone, email, password_hash, gender, birthday)
            values (${m.merchantId}::bigint, ${newMemberNo()}, ${m.username}, ${cleanContact(m.phone)},
                    ${cleanContact(m.email)}, ${m.passwordHash ?? null}, ${m.gender ?? null}, ${m.birthday ?? null}::date)
            returning ${PROFILE}`,
      );
      return created;
    },
    /**
     * Who signs in with this phone or e-mail at `merchantId`'s app: a member of the merchant or of
     * a merchant above it (nearest first). The app checks the password hash and the status.
     */
    async loginOf(
      tx: Db,
      merchantId: string,
      by: { phone?: string | null; email?: string | null },
    ): Promise<
      { id: string; merchantId: string; passwordHash: string | null; status: MemberStatus } | undefined
    > {
      const phone = cleanContact(by.phone);
      const email = cleanContact(by.email);
      if (!phone && !email) return undefined;
      const chain = (await ancestorsOf(tx, [merchantId])).get(merchantId)!;
      if (!chain.length) return undefined;
      const [found] = await rows<{
        id: string;
        merchantId: string;
        passwordHash: string | null;
        status: MemberStatus;
      }>(
        tx,
        sql`select id::text, merchant_id::text as "merchantId", password_hash as "passwordHash", status
            from member
            where merchant_id = any(${idArray(chain)}::bigint[])
              and (${phone}::text is not null and phone_key = regexp_replace(${phone}::text, '[^0-9+]', '', 'g')
                   or ${email}::text is not null and lower(email) = lower(${email}::text))
            order by array_position(${idArray(chain)}::bigint[], merchant_id) limit 1`,
      );
      return found;
    },
    async profile(tx: Db, memberId: string): Promise<MemberProfile | undefined> {
      const [found] = await rows<MemberProfile>(
        tx,
        sql`select ${PROFILE} from member where id = ${memberId}::bigint`,
      );
      return found;
    },
    /**
     * The member and the merchants where it is known (as `profile` and `merchantsOf`) with one read
     * in the system's scope: the app's sign-in check on every app call.
     */
    async caller(tx: Db, memberId: string): Promise<(MemberProfile & { merchantIds: string[] }) | undefined> {
      const [found] = await rows<MemberProfile & { merchantIds: string[] | null }>(
        tx,
        sql`select ${PROFILE},
                   case when current_setting('app.scope', true) = 'system'
                        then array(select unnest(merchant_subtree(merchant_id))::text) end as "merchantIds"
            from member where id = ${memberId}::bigint`,
      );
      if (!found) return undefined;
      return { ...found, merchantIds: found.merchantIds ?? (await subtreeOf(tx, found.merchantId)) };
    },
    /** The merchants where the member is known: its merchant and every merchant below it. */
    async merchantsOf(tx: Db, memberId: string): Promise<string[]> {
      // In the system's scope (the app's sign-in check, on every app call) the subtree is read by
      // the same statement; in another, through asSystem (subtreeOf).
      const [member] = await rows<{ merchantId: string; subtree: string[] | null }>(
        tx,
        sql`select merchant_id::text as "merchantId",
                   case when current_setting('app.scope', true) = 'system'
                        then array(select unnest(merchant_subtree(merchant_id))::text) end as subtree
            from member where id = ${memberId}::bigint`,
      );
      if (!member) return [];
      return member.subtree ?? subtreeOf(tx, member.merchantId);
    },
  };
}
