/**
 * What the app module asks of the members module's service (members/index.ts): the calls, as
 * the app uses them. Declared here so that the app's routes name only what they need; the module
 * hands `services.members`, which must fit (checked where it is handed, app/index.ts).
 */
import type { Db } from '../../platform/db/client.ts';
import type { PointsEntry, WalletEntry } from '@brewfleet/contracts';

export interface MemberProfile {
  id: string;
  memberNo: string;
  merchantId: string;
  username: string;
  phone: string | null;
  email: string | null;
  gender: 'male' | 'female' | 'other' | null;
  birthday: string | null;
  walletBalance: string;
  points: number;
  status: 'active' | 'disabled';
}

interface Paged<T> {
  list: T[];
  total: number;
}

export interface MembersService {
  createMember(
    tx: Db,
    m: { merchantId: string; username: string; phone?: string; email?: string; passwordHash?: string },
  ): Promise<MemberProfile>;
  loginOf(
    tx: Db,
    merchantId: string,
    login: { phone?: string; email?: string },
  ): Promise<{ id: string; merchantId: string; passwordHash: string | null; status: string } | undefined>;
  profile(tx: Db, memberId: string): Promise<MemberProfile | undefined>;
  merchantsOf(tx: Db, memberId: string): Promise<string[]>;
  /** `profile` and `merchantsOf` in one read. */
  caller(tx: Db, memberId: string): Promise<(MemberProfile & { merchantIds: string[] }) | undefined>;
  wallet: {
    pay(
      tx: Db,
      p: { memberId: string; amount: string; orderId: string; reason?: string | null },
    ): Promise<{ balance: string; entryId: string }>;
    payable(
      tx: Db,
      p: { memberId: string; memberCouponId?: string | null },
    ): Promise<{ balance: string; couponDiscount: string | null }>;
    /** The refusal of a payment `balance` cannot cover, naming the wallet's currency (to throw). */
    insufficient(tx: Db, r: { memberId: string; balance: string; amount: string }): Promise<Error>;
    entries(tx: Db, memberId: string, page: { page: number; limit: number }): Promise<Paged<WalletEntry>>;
  };
  points: {
    entries(tx: Db, memberId: string, page: { page: number; limit: number }): Promise<Paged<PointsEntry>>;
    balance(tx: Db, memberId: string): Promise<number | undefined>;
  };
  coupons: {
    held(tx: Db, memberId: string): Promise<HeldCoupon[]>;
    redeemable(tx: Db, memberId: string): Promise<RedeemableCoupon[]>;
    redeem(
      tx: Db,
      r: { memberId: string; couponId: string },
    ): Promise<{ coupon: HeldCoupon; points: number }>;
    use(
      tx: Db,
      u: { memberId: string; memberCouponId: string; orderId: string },
    ): Promise<{ discount: string }>;
  };
  banners(tx: Db, merchantIds: string[], storeId?: string, reachDownTo?: string): Promise<Banner[]>;
  isAppImage(tx: Db, uploadId: string): Promise<boolean>;
  appSetting(
    tx: Db,
    merchantId: string,
  ): Promise<{ appName: string; logo: string | null; privacyText: string | null } | undefined | null>;
}

export interface HeldCoupon {
  id: string;
  couponId: string;
  name: string;
  discountAmount: string;
  validFrom: string | null;
  validTo: string | null;
  status: 'available' | 'used';
  orderId: string | null;
  expired: boolean;
}

export interface RedeemableCoupon {
  id: string;
  name: string;
  discountAmount: string;
  pointsCost: number;
  validityDays: number;
}

export interface Banner {
  id: string;
  title: string;
  image: string | null;
  link: string | null;
  sort: number;
}
