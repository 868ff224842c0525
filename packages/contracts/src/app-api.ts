/**
 * The ordering app's API (issue 12 §5, CONTRACT §7): `/api/app/v1`, for members with their own
 * tokens (`Authorization: Bearer <token>`). Bodies, queries and answers, declared once for the
 * server's schemas (and so /api/docs) and for any client. Ids and money travel as strings.
 */
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN, idSchema } from './resource.ts';
import { idAnswer, instantAnswer, moneyAnswer } from './answers/envelope.ts';
import { ORDER_TYPES } from './order-protocol.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { GENDERS, MEMBER_COUPON_STATUSES, MEMBER_STATUSES } from './resources/member.ts';
import { walletEntryAnswer, pointsEntryAnswer } from './member-api.ts';

export const APP_API_PREFIX = '/api/app/v1';

const password = z.string().min(1, { error: 'msg.passwordEmpty' }).max(128);
const phone = z.string().trim().regex(PHONE_PATTERN, { error: 'msg.phoneError' });
const email = z.string().trim().max(254).regex(EMAIL_PATTERN, { error: 'msg.emailError' });

/** `POST /auth/signup`: a phone or an email at least; the password by the platform's policy. */
export const appSignupBody = z
  .object({
    merchantId: idSchema,
    username: z.string().trim().min(1, { error: 'msg.appUsernameRequired' }).max(64),
    phone: phone.optional(),
    email: email.optional(),
    password,
  })
  .refine((b) => !!b.phone || !!b.email, { error: 'msg.appPhoneOrEmail', path: ['phone'] });
export type AppSignupBody = z.infer<typeof appSignupBody>;

/** `POST /auth/signin`: `login` is the phone or the email the member signed up with. */
export const appSigninBody = z.object({
  merchantId: idSchema,
  login: z.string().trim().min(1, { error: 'msg.appLoginRequired' }).max(254),
  password,
});
export type AppSigninBody = z.infer<typeof appSigninBody>;

export const appMemberAnswer = z.object({
  id: idAnswer,
  memberNo: z.string(),
  merchantId: idAnswer,
  username: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  walletBalance: moneyAnswer,
  points: z.number().int(),
  status: z.enum(MEMBER_STATUSES),
});
export type AppMember = z.infer<typeof appMemberAnswer>;

export const appAuthAnswer = z.object({ token: z.string(), member: appMemberAnswer });

/** `GET /stores`: around a place (degrees), within `radiusKm` (default 5, at most 50). */
export const appStoresQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
  radiusKm: z.coerce.number().positive().max(50).default(5),
});

export const appMachineAnswer = z.object({
  id: idAnswer,
  name: z.string(),
  family: z.string().nullable(),
  online: z.boolean(),
  /** Takes app orders now: online, not locked, running a menu the server sent. */
  ordering: z.boolean(),
});

export const appStoreAnswer = z.object({
  id: idAnswer,
  merchantId: idAnswer,
  name: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  distanceKm: z.number(),
  isOpen: z.boolean(),
  machines: z.array(appMachineAnswer),
});
export const appStoresAnswer = z.array(appStoreAnswer);

const namedOption = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  priceChange: moneyAnswer,
  isDefault: z.boolean(),
  multiple: z.boolean(),
  required: z.boolean(),
});

/** `GET /machines/:id/menu`: what the machine runs now, names in the member's language. */
export const appMenuAnswer = z.object({
  deviceId: idAnswer,
  menuVersion: z.string(),
  currency: z.string().nullable(),
  products: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      family: z.string(),
      price: moneyAnswer,
      /**
       * The machine cannot make it now: a channel it takes from is short (below its low level or
       * past its shelf life) or holds less than one cup takes. An order of it is refused.
       */
      soldOut: z.boolean(),
      /** The product's cover picture, to load as is (no token: `GET /images/{id}`); null: none. */
      imageUrl: z.string().nullable(),
      /** All its pictures, the cover first. */
      imageUrls: z.array(z.string()),
      options: z.array(namedOption),
      /** Sizes and combinations: for exactly these options, the price changes by `priceChange`. */
      combinations: z.array(
        z.object({ optionIds: z.array(z.string()), label: z.string(), priceChange: moneyAnswer }),
      ),
      toppings: z.array(
        z.object({ code: z.string(), name: z.string(), price: moneyAnswer, charged: z.boolean() }),
      ),
    }),
  ),
});

const code64 = z.string().trim().min(1).max(64);

/** `POST /orders` (Idempotency-Key): an order at a machine, paid from the wallet. */
export const appOrderBody = z.object({
  deviceId: idSchema,
  orderType: z.enum(ORDER_TYPES),
  lines: z
    .array(
      z.object({
        productCode: code64,
        /** The combination's label as the menu answers it (else derived from the options). */
        combination: z.string().trim().max(64).optional(),
        options: z.array(code64).max(16).default([]),
        toppings: z
          .array(z.object({ code: code64, quantity: z.number().int().min(1).max(20) }))
          .max(16)
          .default([]),
        quantity: z.number().int().min(1).max(20),
      }),
    )
    .min(1)
    .max(20),
  memberCouponId: idSchema.optional(),
});
export type AppOrderBody = z.infer<typeof appOrderBody>;

export const appPlacedAnswer = z.object({
  orderId: idAnswer,
  orderNo: z.string(),
  pickupCode: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** What the amounts (and the wallet) are in, ISO 4217. */
  currency: z.string(),
  amount: moneyAnswer,
  discount: moneyAnswer,
  actualPayment: moneyAnswer,
  walletBalance: moneyAnswer,
});
export type AppPlaced = z.infer<typeof appPlacedAnswer>;

export const appOrderLineAnswer = z.object({
  line: z.number().int(),
  productCode: z.string(),
  name: z.string(),
  combination: z.string().nullable(),
  /** The option ids chosen (the menu's), and their names in the caller's language, in that order. */
  options: z.array(z.string()),
  optionNames: z.array(z.string()),
  toppings: z.array(z.object({ code: z.string(), quantity: z.number().int() })),
  unitPrice: moneyAnswer,
  quantity: z.number().int(),
  amount: moneyAnswer,
});

export const appOrderAnswer = z.object({
  id: idAnswer,
  orderNo: z.string(),
  pickupCode: z.string(),
  deviceId: idAnswer.nullable(),
  machineName: z.string().nullable(),
  storeId: idAnswer.nullable(),
  orderType: z.enum(ORDER_TYPES),
  status: z.enum(ORDER_STATUSES),
  /** What the amounts are in, ISO 4217. */
  currency: z.string(),
  amount: moneyAnswer,
  discount: moneyAnswer,
  actualPayment: moneyAnswer,
  /** The tax in it (the sum of its lines' taxes), for the receipt: included in the prices, or added. */
  tax: moneyAnswer,
  pricesIncludeTax: z.boolean(),
  refunded: moneyAnswer,
  orderedAt: instantAnswer,
  statusAt: instantAnswer,
  lines: z.array(appOrderLineAnswer),
});
export type AppOrder = z.infer<typeof appOrderAnswer>;

export const appPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const appPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const appOrdersAnswer = appPage(appOrderAnswer.omit({ lines: true }));

// Who on the staff made an adjustment is the merchant's business, not shown to the member.
export const appWalletAnswer = appPage(walletEntryAnswer.omit({ byName: true })).extend({
  balance: moneyAnswer,
});
export const appPointsAnswer = appPage(pointsEntryAnswer).extend({ points: z.number().int() });

/** A coupon the member holds. */
export const appHeldCouponAnswer = z.object({
  id: idAnswer,
  couponId: idAnswer,
  name: z.string(),
  discountAmount: moneyAnswer,
  /** `used`: on the order `orderId`; `available`: to use while valid (see `expired`). */
  status: z.enum(MEMBER_COUPON_STATUSES),
  validFrom: instantAnswer.nullable(),
  validTo: instantAnswer.nullable(),
  orderId: idAnswer.nullable(),
  /** Past its valid-to, not used: kept in the list, no longer usable. */
  expired: z.boolean(),
});
/** A coupon the member may redeem with points. */
export const appRedeemableCouponAnswer = z.object({
  id: idAnswer,
  name: z.string(),
  discountAmount: moneyAnswer,
  pointsCost: z.number().int(),
  validityDays: z.number().int(),
});

export const appRedeemBody = z.object({ couponId: idSchema });
export const appRedeemAnswer = z.object({ coupon: appHeldCouponAnswer, points: z.number().int() });

/** Where the app loads an image it was given: `GET /images/:id`, public (no token). */
export const appImagePath = (uploadId: string) => `${APP_API_PREFIX}/images/${uploadId}`;

export const appBannerAnswer = z.object({
  id: idAnswer,
  title: z.string(),
  /** The image's upload id. */
  image: z.string().nullable(),
  /** The image's address, to load as is (no token). */
  imageUrl: z.string().nullable(),
  link: z.string().nullable(),
  sort: z.number().int(),
});

export const appSettingsQuery = z.object({ merchantId: idSchema });
export const appSettingsAnswer = z.object({
  merchantId: idAnswer,
  appName: z.string(),
  /** The logo's upload id. */
  logo: z.string().nullable(),
  /** The logo's address, to load as is (no token). */
  logoUrl: z.string().nullable(),
  privacyText: z.string().nullable(),
});

export const appIdParams = z.object({ id: idSchema });
