/**
 * The delivery platform's API (issue 13): the console's sync action, and Uber Eats' own wire formats
 * as developer.uber.com documents them (menu upload, item suspension, store status, order, webhook),
 * shared by the server and the simulated Uber server (apps/simulator/src/uber) so that both speak
 * the same shapes.
 */
import { z } from 'zod';

/** `POST /api/coffee/delivery-store/sync`: upload the store's menu to Uber now. */
export const deliverySyncBody = z.object({ id: z.string().regex(/^\d+$/) });
export const deliverySyncAnswer = z.object({
  id: z.string(),
  syncState: z.enum(['never', 'pending', 'synced', 'failed']),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  items: z.number().int(),
});
export type DeliverySyncAnswer = z.infer<typeof deliverySyncAnswer>;

/** Uber's multi-language text: `translations` by locale (Uber: "en_us", "zh_cn", "zh_tw"). */
export const uberText = z.object({
  translations: z.record(z.string(), z.string().min(1)).refine((t) => Object.keys(t).length > 0),
});
export type UberText = z.infer<typeof uberText>;

/** Prices are integers in the currency's minor unit (Uber: "price_info.price", e.g. 6000 for 60.00). */
const priceInfo = z.object({
  price: z.number().int().nonnegative(),
  overrides: z.array(z.unknown()).optional(),
});
const ref = z.object({ id: z.string().min(1), type: z.enum(['ITEM', 'MODIFIER_GROUP']) });

/**
 * An item's suspension (Uber: `suspension_info`, "SuspensionRules": suspends the item from sale, e.g.
 * when out of stock, until a time): carried by an item of the uploaded menu, or sent alone to one
 * item (`POST …/menus/items/{item_id}`, where `suspension: null` lifts it). `suspend_until` is a Unix
 * time in seconds.
 */
export const uberSuspensionInfo = z.object({
  suspension: z
    .object({ suspend_until: z.number().int().nonnegative(), reason: z.string().optional() })
    .nullable(),
  overrides: z.array(z.unknown()).optional(),
});

export const uberMenuItem = z.object({
  id: z.string().min(1),
  external_data: z.string().optional(),
  title: uberText,
  description: uberText.optional(),
  image_url: z.string().url().optional(),
  price_info: priceInfo,
  quantity_info: z
    .object({ quantity: z.object({ min_permitted: z.number().int(), max_permitted: z.number().int() }) })
    .optional(),
  modifier_group_ids: z.object({ ids: z.array(z.string()) }).optional(),
  tax_info: z.object({ tax_rate: z.number().optional() }).optional(),
  suspension_info: uberSuspensionInfo.optional(),
});
export const uberModifierGroup = z.object({
  id: z.string().min(1),
  external_data: z.string().optional(),
  title: uberText,
  quantity_info: z.object({
    quantity: z.object({ min_permitted: z.number().int(), max_permitted: z.number().int() }),
  }),
  modifier_options: z.array(ref),
});
export const uberCategory = z.object({
  id: z.string().min(1),
  title: uberText,
  entities: z.array(ref),
});
const timePeriod = z.object({ start_time: z.string(), end_time: z.string() });
export const uberMenu = z.object({
  id: z.string().min(1),
  title: uberText,
  service_availability: z.array(z.object({ day_of_week: z.string(), time_periods: z.array(timePeriod) })),
  category_ids: z.array(z.string()),
});
/** The body of `PUT /v2/eats/stores/{store_id}/menus`: the whole menu, replaced at once. */
export const uberMenuConfiguration = z.object({
  menus: z.array(uberMenu).min(1),
  categories: z.array(uberCategory),
  items: z.array(uberMenuItem),
  modifier_groups: z.array(uberModifierGroup),
  display_options: z.object({ disable_item_instructions: z.boolean().optional() }).optional(),
});
export type UberMenuConfiguration = z.infer<typeof uberMenuConfiguration>;
export type UberMenuItem = z.infer<typeof uberMenuItem>;

/** `POST /v2/eats/stores/{store_id}/menus/items/{item_id}`: suspend an item until a time (or restore it). */
export const uberItemUpdate = z.object({
  suspension_info: uberSuspensionInfo.optional(),
  price_info: priceInfo.optional(),
});

/** `POST /v1/eats/store/{store_id}/status`. */
export const uberStoreStatus = z.object({
  status: z.enum(['ONLINE', 'PAUSED']),
  reason: z.string().optional(),
  paused_until: z.string().optional(),
});

/**
 * `POST /v1/eats/orders/{order_id}/accept_pos_order` (developer.uber.com, Accept Order): `reason` (a
 * note) is the one field not marked optional.
 */
export const uberAcceptBody = z.object({
  reason: z.string(),
  pickup_time: z.number().int().optional(),
  external_reference_id: z.string().optional(),
  fields_relayed: z.record(z.string(), z.boolean()).optional(),
  order_pickup_instructions: z.string().optional(),
});
export type UberAcceptBody = z.infer<typeof uberAcceptBody>;

/**
 * `POST /v1/eats/orders/{order_id}/deny_pos_order` (developer.uber.com, Deny Order: the allowed
 * reason codes).
 */
export const uberDenyBody = z.object({
  reason: z.object({
    explanation: z.string(),
    code: z.enum([
      'STORE_CLOSED',
      'POS_NOT_READY',
      'POS_OFFLINE',
      'ITEM_AVAILABILITY',
      'MISSING_ITEM',
      'MISSING_INFO',
      'PRICING',
      'CAPACITY',
      'ADDRESS',
      'SPECIAL_INSTRUCTIONS',
      'OTHER',
    ]),
    out_of_stock_items: z.array(z.string()).optional(),
    invalid_items: z.array(z.string()).optional(),
  }),
});
export type UberDenyBody = z.infer<typeof uberDenyBody>;

/**
 * `POST /v1/eats/orders/{order_id}/cancel`: a live order cancelled by the merchant's side (here: an
 * order accepted for a machine that then could not make it, or that staff cancelled). Uber answers
 * 404 for an order already in a terminal state or unknown.
 */
export const uberCancelBody = z.object({
  reason: z.enum([
    'OUT_OF_ITEMS',
    'KITCHEN_CLOSED',
    'CUSTOMER_CALLED_TO_CANCEL',
    'RESTAURANT_TOO_BUSY',
    'CANNOT_COMPLETE_CUSTOMER_NOTE',
    'OTHER',
  ]),
  details: z.string().max(500).optional(),
  // Uber: "MERCHANT" or "CUSTOMER" (the field is read for Uber Direct only).
  cancelling_party: z.enum(['MERCHANT', 'CUSTOMER']).optional(),
});
export type UberCancelBody = z.infer<typeof uberCancelBody>;

/**
 * The webhooks Uber posts. Order events (`orders.notification`, `orders.cancel`, `orders.failure`,
 * …) carry `event_id`, `event_time`, `meta` (`user_id`: the store; `resource_id`: the order) and
 * `resource_href`; the menu refresh request (`store.menu_refresh_request`) names its store by
 * `store_id` beside `webhook_meta`, with no `meta`. Uber warns that new event types may come without
 * notice: every signed event is read far enough to find its store (and acknowledged).
 */
export const uberWebhook = z
  .object({
    event_id: z.string().min(1).optional(),
    event_type: z.string().min(1),
    event_time: z.number().optional(),
    meta: z
      .object({
        resource_id: z.string().min(1).optional(),
        status: z.string().optional(),
        user_id: z.string().min(1).optional(),
      })
      .passthrough()
      .optional(),
    store_id: z.string().min(1).optional(),
    partner_store_id: z.string().optional(),
    resource_href: z.string().optional(),
    // client_id, webhook_config_id, webhook_msg_timestamp, webhook_msg_uuid
    webhook_meta: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();
export type UberWebhook = z.infer<typeof uberWebhook>;
/** The Uber store a webhook is about: an order event's `meta.user_id`, a store event's `store_id`. */
export const uberWebhookStore = (event: UberWebhook): string | null =>
  event.meta?.user_id ?? event.store_id ?? null;

/** Money in an order: an integer in the currency's minor unit (Uber: `amount`, 350 for 3.50). */
export const uberMoney = z.object({
  amount: z.number().int(),
  currency_code: z.string().optional(),
  formatted_amount: z.string().optional(),
});

/**
 * What Uber charged for a cart item or a selected modifier (Get Order Details: `price`): `unit_price`
 * is one of it with its modifiers, `total_price` times its quantity, `base_unit_price` and
 * `base_total_price` the item alone (Uber's example: a muffin of 3.00 with a 0.50 flavour is
 * `unit_price` 350, `base_unit_price` 300).
 */
export const uberItemPrice = z.object({
  unit_price: uberMoney,
  total_price: uberMoney.optional(),
  base_unit_price: uberMoney.optional(),
  base_total_price: uberMoney.optional(),
});

/** An order as `GET /v2/eats/order/{order_id}` answers it (the parts the server reads). */
export const uberOrder = z.object({
  id: z.string(),
  display_id: z.string().optional(),
  current_state: z.string().optional(),
  store: z.object({ id: z.string(), name: z.string().optional() }),
  cart: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        title: z.string().optional(),
        external_data: z.string().optional(),
        quantity: z.number().int().positive(),
        price: uberItemPrice.optional(),
        selected_modifier_groups: z
          .array(
            z.object({
              id: z.string(),
              selected_items: z
                .array(
                  z.object({
                    id: z.string(),
                    external_data: z.string().optional(),
                    quantity: z.number().int(),
                    price: uberItemPrice.optional(),
                  }),
                )
                .optional(),
            }),
          )
          .optional(),
      }),
    ),
  }),
});
export type UberOrder = z.infer<typeof uberOrder>;

/** Uber's locales for the console's three languages. */
export const UBER_LOCALES = { en: 'en_us', zh: 'zh_cn', tw: 'zh_tw' } as const;
