/**
 * Demo members (DEMO=1, first start; issue 12 §7): for the demo brands of tenancy/demo.ts, a few
 * dozen members who sign in to the app with their phone and DEMO_PASSWORD, with wallets topped up at
 * the counter (ledger entries, never a bare balance), welcome points, coupon definitions ('NT$10
 * off' for 200 points …), coupons some of them hold (granted, or redeemed with their points), a
 * points rule and an app setting per merchant, and two banners per brand. Coupons, rules, settings
 * and banners are created through their resources' hooks, as the console's create does; money,
 * points and held coupons move through this module's ledgers.
 *
 * `demoAppCustomers` names the members the simulated app customers (@brewfleet/simulator,
 * customers.ts) sign in as, each placed at one of their brand's stores; demo-customers.ts runs them.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { formatCents, type Gender } from '@brewfleet/contracts';
import type { AppCustomer } from '@brewfleet/simulator';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { createAsMerchant } from '../../platform/crud/create-as-merchant.ts';
import type { ResourceRegistry } from '../../platform/crud/registry.ts';
import type { Row } from '../../platform/crud/types.ts';
import { DEMO_PASSWORD } from '../iam/demo.ts';
import type { FilesService } from '../files/service.ts';
import { createProfileService } from './profiles.ts';
import { mustMoveWallet } from './wallet.ts';
import { mustMovePoints } from './points.ts';
import { createCouponService, giveCoupon } from './coupons.ts';

/** The demo brands' countries: money in their own currency's scale, phones in their own format. */
interface Country {
  timeZone: string;
  /** One unit of the demo's amounts in cents of the currency (NT$ 1, HK$ 1). */
  unit: bigint;
  topUps: number[];
  phone: (n: number) => string;
  names: Array<[string, Gender]>;
}

const COUNTRIES: Record<string, Country> = {
  TW: {
    timeZone: 'Asia/Taipei',
    unit: 100n,
    topUps: [500, 1000, 2000, 3000],
    phone: (n) => `+886 912 ${String(300 + n).padStart(3, '0')} ${String(100 + n * 7).slice(-3)}`,
    names: [
      ['Chen Yi-ru', 'female'],
      ['Lin Po-han', 'male'],
      ['Wang Hsin-yi', 'female'],
      ['Chang Wei-chen', 'male'],
      ['Liu Ya-ting', 'female'],
      ['Huang Chun-hung', 'male'],
      ['Tsai Pei-shan', 'female'],
      ['Yang Tzu-hao', 'male'],
      ['Hsu Hui-ling', 'female'],
      ['Cheng Kuan-yu', 'male'],
      ['Wu Shu-fen', 'female'],
      ['Kuo Chih-ming', 'male'],
      ['Lai Yu-chi', 'female'],
      ['Hsieh Ming-che', 'male'],
      ['Tseng Chia-yi', 'female'],
      ['Chou Yen-ting', 'other'],
      ['Lu Hsiao-wen', 'female'],
      ['Su Cheng-en', 'male'],
      ['Yeh Mei-hua', 'female'],
      ['Chiang Bo-wei', 'male'],
      ['Pan Yi-chen', 'female'],
      ['Fang Tsung-han', 'male'],
      ['Hung Ching-wen', 'female'],
      ['Kao Shih-chieh', 'male'],
      ['Weng Li-ying', 'female'],
      ['Chu Jen-hao', 'male'],
      ['Tu Ya-wen', 'female'],
      ['Shih Kai-lun', 'male'],
    ],
  },
  HK: {
    timeZone: 'Asia/Hong_Kong',
    unit: 100n,
    topUps: [100, 200, 300, 500],
    phone: (n) => `+852 6${String(1200 + n * 13).padStart(3, '0')} ${String(4000 + n * 37).slice(-4)}`,
    names: [
      ['Chan Tai-man', 'male'],
      ['Wong Ka-yee', 'female'],
      ['Leung Chi-keung', 'male'],
      ['Cheung Mei-ling', 'female'],
      ['Lau Wing-sze', 'female'],
      ['Ho Chun-kit', 'male'],
      ['Ng Hoi-yan', 'female'],
      ['Lam Tsz-hin', 'male'],
      ['Tang Sze-wing', 'female'],
      ['Yip Man-lok', 'other'],
    ],
  },
};

/** Members made at each merchant by the merchant's name; brands' members are known in every store below them. */
const MEMBERS_AT: Readonly<Record<string, number>> = {
  'Formosa Brew Co.': 20,
  'Formosa Brew North': 4,
  'Formosa Brew South': 4,
  'Harbour Tea House': 10,
};

/** The members simulated customers sign in as: the first few of each brand (by their place in MEMBERS_AT). */
const CUSTOMERS_PER_MERCHANT: Readonly<Record<string, number>> = {
  'Formosa Brew Co.': 3,
  'Formosa Brew South': 1,
  'Harbour Tea House': 2,
};

/** Coupon definitions of a brand, in units of its currency. */
const COUPONS = [
  {
    key: 'ten',
    name: '10 off',
    discount: 10,
    pointsCost: 200,
    validityDays: 30,
    remarks: 'Redeem 200 points',
  },
  {
    key: 'thirty',
    name: '30 off',
    discount: 30,
    pointsCost: 500,
    validityDays: 30,
    remarks: 'Redeem 500 points',
  },
  {
    key: 'birthday',
    name: 'Birthday treat',
    discount: 60,
    pointsCost: 0,
    validityDays: 14,
    remarks: 'Granted in the birthday month',
  },
  {
    key: 'sorry',
    name: 'Sorry for the cup',
    discount: 50,
    pointsCost: 0,
    validityDays: 60,
    remarks: 'Given for a bad cup',
  },
] as const;

const PRIVACY_TEXT =
  'We keep your name, phone, e-mail, wallet and points history to run your membership and your orders. ' +
  'We never sell them. Ask the store or write to privacy@brewfleet.example to see, correct or delete them.';

/** Create a row as the API's create does (platform/crud/create-as-merchant.ts); its id. */
async function create(db: Db, resources: ResourceRegistry, resource: string, merchantId: string, input: Row) {
  return String((await createAsMerchant(db, resources.get(resource), merchantId, input)).id);
}

/** A banner image: the brand's colour, a cup and a wave, 750×300 (the app's banner strip). */
async function bannerPng(colour: string, accent: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300">
    <rect width="750" height="300" fill="${colour}"/>
    <path d="M0 230 Q 190 170 375 230 T 750 230 V300 H0 Z" fill="${accent}" fill-opacity="0.6"/>
    <rect x="520" y="70" width="120" height="150" rx="18" fill="#ffffff"/>
    <path d="M640 110 q40 20 0 60" stroke="#ffffff" stroke-width="14" fill="none"/>
    <circle cx="90" cy="80" r="30" fill="${accent}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const BANNERS = [
  {
    title: 'Osmanthus oolong latte is back',
    colour: '#6f4e37',
    accent: '#e0b04f',
    link: 'https://brewfleet.example/seasonal',
  },
  { title: 'Double points at weekends', colour: '#1f4e79', accent: '#7fc4e8', link: null },
] as const;

/** A text[] literal of plain names and phones (no quotes or backslashes in them). */
const textArray = (list: readonly string[]) => `{${list.map((v) => `"${v}"`).join(',')}}`;

interface Merchant {
  id: string;
  name: string;
  parentId: string | null;
  country: string;
}

export interface DemoMembersDeps {
  /** Banner images are kept as the merchant's uploads; without files, no banners. */
  files?: Pick<FilesService, 'saveImage'>;
}

export async function seedDemoMembers(
  database: Db,
  resources: ResourceRegistry,
  deps: DemoMembersDeps = {},
): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const profiles = createProfileService();
  const coupons = createCouponService();
  await inScope(database, SYSTEM, async (db) => {
    const merchants = await rows<Merchant>(
      db,
      sql`select id::text, name, parent_id::text as "parentId", upper(coalesce(country, 'TW')) as country
          from merchant where name = any(${textArray(Object.keys(MEMBERS_AT))}::text[])
          order by created_at, id`,
    );
    const byId = new Map(merchants.map((m) => [m.id, m]));
    const couponIds = new Map<string, Record<string, string>>();
    const n = new Map<string, number>();
    for (const merchant of merchants) {
      const country = COUNTRIES[merchant.country] ?? COUNTRIES.TW;
      const brand =
        merchant.parentId && byId.has(merchant.parentId) ? byId.get(merchant.parentId)! : merchant;
      const money = (units: number) => formatCents(BigInt(units) * country.unit);

      // A brand defines the coupons; its sub-merchants' members use them (a chain's coupons reach down).
      if (brand === merchant) {
        const ids: Record<string, string> = {};
        for (const c of COUPONS)
          ids[c.key] = await create(db, resources, 'coupon', merchant.id, {
            name: c.name,
            discountAmount: money(c.discount),
            pointsCost: c.pointsCost,
            validityDays: c.validityDays,
            status: 'usable',
            remarks: c.remarks,
          });
        couponIds.set(merchant.id, ids);
        if (deps.files)
          for (const [i, b] of BANNERS.entries()) {
            const image = await deps.files.saveImage(db, {
              merchantId: merchant.id,
              folder: 'demo',
              fileName: `banner-${merchant.id}-${i + 1}.png`,
              originalName: `banner-${i + 1}.png`,
              mime: 'image/png',
              bytes: await bannerPng(b.colour, b.accent),
              width: 750,
              height: 300,
            });
            await create(db, resources, 'app-banner', merchant.id, {
              title: b.title,
              image,
              link: b.link,
              sort: i,
              enabled: true,
            });
          }
      }
      const ids = couponIds.get(brand.id)!;

      await create(db, resources, 'points-rule', merchant.id, {
        name: merchant.country === 'HK' ? '1 point per HK$2' : '1 point per NT$10',
        basis: 'amount',
        points: 1,
        perAmount: money(merchant.country === 'HK' ? 2 : 10),
        bonusWeekdays: ['sat', 'sun'],
        bonusMultiplier: 2,
        expiryDays: 365,
        enabled: true,
      });
      // The brand and its north make a bad cup good with a coupon; the others refund the line.
      const byCoupon = merchant.name !== 'Formosa Brew South' && merchant.country === 'TW';
      await create(db, resources, 'app-setting', merchant.id, {
        appName: merchant.name.replace(/ Co\.$/, ''),
        privacyText: PRIVACY_TEXT,
        compensation: byCoupon ? 'coupon' : 'wallet',
        ...(byCoupon ? { compensationCouponId: ids.sorry } : {}),
      });

      for (let i = 0; i < (MEMBERS_AT[merchant.name] ?? 0); i++) {
        const k = (n.get(merchant.country) ?? 0) + 1;
        n.set(merchant.country, k);
        const [username, gender] = country.names[(k - 1) % country.names.length];
        const member = await profiles.createMember(db, {
          merchantId: merchant.id,
          username,
          phone: country.phone(k),
          email: k % 3 === 0 ? `${username.toLowerCase().replace(/[^a-z]+/g, '.')}@mail.example` : null,
          passwordHash: hash,
          gender,
          birthday: `${1975 + ((k * 7) % 30)}-${String(1 + (k % 12)).padStart(2, '0')}-${String(1 + ((k * 5) % 28)).padStart(2, '0')}`,
        });
        // One to three top-ups at the counter; the customers the simulator plays get the most.
        const tops = [
          country.topUps[k % 4],
          ...(k % 2 ? [country.topUps[(k + 1) % 4]] : []),
          ...(i < 3 ? [country.topUps[3]] : []),
        ];
        for (const units of tops)
          await mustMoveWallet(db, {
            memberId: member.id,
            cents: BigInt(units) * country.unit,
            kind: 'top-up',
            reason: 'Top-up at the counter',
            byName: 'Demo data',
          });
        const welcome = 100 + ((k * 83) % 600);
        await mustMovePoints(db, {
          memberId: member.id,
          points: welcome,
          kind: 'adjustment',
          reason: 'Welcome points',
          byName: 'Demo data',
        });
        // Some hold coupons: a birthday treat granted, a '10 off' redeemed with their points.
        if (k % 4 === 1)
          await giveCoupon(db, { couponId: ids.birthday, memberIds: [member.id], source: 'grant' });
        if (k % 3 === 2 && welcome >= 200)
          await coupons.redeem(db, { memberId: member.id, couponId: ids.ten });
      }
    }
  });
}

/** The demo members the simulated app customers sign in as, each at one of their merchant's stores. */
export async function demoAppCustomers(database: Db): Promise<AppCustomer[]> {
  // Only the members this file made (their phones, at the demo merchants): a member who signed up in
  // the app has a password of their own, and the demo must never try to sign in as them.
  const phones = Object.values(COUNTRIES).flatMap((c) =>
    Array.from({ length: Object.values(MEMBERS_AT).reduce((a, b) => a + b, 0) }, (_, i) => c.phone(i + 1)),
  );
  return inScope(database, SYSTEM, async (db) => {
    const found = await rows<{
      merchantId: string;
      merchant: string;
      phone: string;
      country: string;
      stores: Array<{ lat: number; lng: number }>;
    }>(
      db,
      sql`select m.merchant_id::text as "merchantId", t.name as merchant, m.phone, upper(coalesce(t.country, 'TW')) as country,
                 (select coalesce(jsonb_agg(jsonb_build_object('lat', s.latitude, 'lng', s.longitude) order by s.id), '[]')
                    from store s where s.merchant_id = any(merchant_subtree(t.id)) and s.latitude is not null) as stores
          from member m join merchant t on t.id = m.merchant_id
          where m.phone = any(${textArray(phones)}::text[])
            and t.name = any(${textArray(Object.keys(MEMBERS_AT))}::text[])
            and m.password_hash is not null and m.status = 'active'
          order by m.merchant_id, m.created_at, m.id`,
    );
    const customers: AppCustomer[] = [];
    const taken = new Map<string, number>();
    for (const f of found) {
      const i = taken.get(f.merchantId) ?? 0;
      if (i >= (CUSTOMERS_PER_MERCHANT[f.merchant] ?? 0) || !f.stores.length) continue;
      taken.set(f.merchantId, i + 1);
      const store = f.stores[i % f.stores.length];
      customers.push({
        merchantId: f.merchantId,
        login: f.phone,
        password: DEMO_PASSWORD,
        lat: store.lat,
        lng: store.lng,
        timeZone: (COUNTRIES[f.country] ?? COUNTRIES.TW).timeZone,
      });
    }
    return customers;
  });
}

/** What a simulated customer short of money tops up at the counter: the country's largest usual top-up. */
export const counterTopUp = (timeZone: string) => {
  const country = Object.values(COUNTRIES).find((c) => c.timeZone === timeZone) ?? COUNTRIES.TW;
  return BigInt(country.topUps.at(-1)!) * country.unit;
};
