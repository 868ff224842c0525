/**
 * A store's Uber menu in Uber's format (developer.uber.com, Menu Integration): one menu, one
 * category of the takeout products the store sells, each an item priced in minor units (cents) with
 * its title in the three languages (Uber's `translations`: en_us, zh_cn, zh_tw) and its options as
 * modifier groups (one per option type, its options as items priced by their price change). Items
 * are named by product code (`external_data`) so that an order's lines map back; an item no machine
 * of the store can make is uploaded suspended (`suspension_info`). A product that cannot make a valid
 * item is refused before anything is uploaded, naming it.
 *
 * What the menu charges for an item with options (`uberUnitCents`) is also what a delivery order's
 * line is priced at: the eater paid the menu's price, not the machine's.
 */
import {
  toCents,
  UBER_LOCALES,
  uberMenuConfiguration,
  type MenuContent,
  type UberMenuConfiguration,
  type UberText,
} from '@brewfleet/contracts';
import { AppError } from '../../platform/http/errors.ts';

export interface TakeoutItem {
  productId: string;
  code: string;
  name: string;
  names: Record<string, string> | null;
  /** The takeout price (decimal text). */
  price: string;
  description: string | null;
}

type MenuProduct = MenuContent['products'][number];
type MenuOption = MenuProduct['options'][number];

const text = (name: string, names: Record<string, string> | null | undefined): UberText => ({
  translations: Object.fromEntries(
    (['en', 'zh', 'tw'] as const).map((lang) => [
      UBER_LOCALES[lang],
      (lang === 'en' ? names?.en || name : names?.[lang] || name).trim(),
    ]),
  ),
});

const cents = (amount: string) => Number(toCents(amount));
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Item ids on Uber: the product's code (what orders name again). */
export const itemIdOf = (code: string) => `p-${code}`;

/** An option as its modifier item names it (`external_data`, what an order's selection names again). */
const optionRef = (o: MenuOption) => o.id ?? o.name;

/** An option's price on Uber (cents): its price change, never below zero (Uber has no negative price). */
const optionCents = (o: MenuOption) => Math.max(0, cents(o.priceChange));

/**
 * The products the store's machines run, each as the first machine running it has it: whose options
 * the menu lists (and prices) as modifier groups.
 */
export function runningProducts(menus: Iterable<MenuContent>): Map<string, MenuProduct> {
  const running = new Map<string, MenuProduct>();
  for (const menu of menus) for (const p of menu.products) if (!running.has(p.code)) running.set(p.code, p);
  return running;
}

/**
 * One of the item with these options (as their modifier items name them) as the store's Uber menu
 * sells it, in cents: the item's delivery price plus each chosen option's price. An option the menu
 * does not list adds nothing (Uber could not have charged for it).
 */
export function uberUnitCents(
  item: TakeoutItem,
  product: MenuProduct | undefined,
  options: readonly string[],
): number {
  let total = cents(item.price);
  for (const ref of options) {
    const option = product?.options.find((o) => optionRef(o) === ref);
    if (option) total += optionCents(option);
  }
  return total;
}

/** Items uploaded suspended (no machine of the store can make them), until when and why. */
export interface UploadSuspensions {
  itemIds: ReadonlySet<string>;
  /** Unix seconds. */
  until: number;
  reason: string;
}

export function buildUberMenu(
  store: { id: string; name: string },
  items: readonly TakeoutItem[],
  /** The products as a machine of the store runs them (their options); absent when none runs one. */
  running: ReadonlyMap<string, MenuProduct>,
  suspended?: UploadSuspensions,
): UberMenuConfiguration {
  const modifierGroups: UberMenuConfiguration['modifier_groups'] = [];
  const uberItems: UberMenuConfiguration['items'] = [];
  for (const item of items) {
    if (!item.name.trim() || !/^\d+\.\d{2}$/.test(item.price) || toCents(item.price) <= 0n)
      throw new AppError('msg.deliveryItemMalformed', { product: item.name || item.code, code: item.code });
    const product = running.get(item.code);
    const groupIds: string[] = [];
    const byType = new Map<string, MenuProduct['options']>();
    for (const o of product?.options ?? []) byType.set(o.type, [...(byType.get(o.type) ?? []), o]);
    for (const [type, options] of byType) {
      const groupId = `g-${item.code}-${groupIds.length + 1}`;
      groupIds.push(groupId);
      const optionRefs = options.map((o, i) => {
        const optionId = `o-${item.code}-${groupIds.length}-${i + 1}`;
        uberItems.push({
          id: optionId,
          external_data: optionRef(o),
          title: text(o.name, o.names),
          price_info: { price: optionCents(o) },
        });
        return { id: optionId, type: 'ITEM' as const };
      });
      modifierGroups.push({
        id: groupId,
        external_data: type,
        title: text(type, options[0].typeNames),
        quantity_info: {
          quantity: {
            min_permitted: options[0].required ? 1 : 0,
            max_permitted: options[0].multiple ? options.length : 1,
          },
        },
        modifier_options: optionRefs,
      });
    }
    const itemId = itemIdOf(item.code);
    uberItems.push({
      id: itemId,
      external_data: item.code,
      title: text(item.name, item.names),
      ...(item.description ? { description: text(item.description, null) } : {}),
      price_info: { price: cents(item.price) },
      ...(groupIds.length ? { modifier_group_ids: { ids: groupIds } } : {}),
      ...(suspended?.itemIds.has(itemId)
        ? {
            suspension_info: {
              suspension: { suspend_until: suspended.until, reason: suspended.reason },
            },
          }
        : {}),
    });
  }
  const menu: UberMenuConfiguration = {
    menus: [
      {
        id: `store-${store.id}`,
        title: text(store.name, null),
        service_availability: DAYS.map((day) => ({
          day_of_week: day,
          time_periods: [{ start_time: '00:00', end_time: '23:59' }],
        })),
        category_ids: ['takeout'],
      },
    ],
    categories: [
      {
        id: 'takeout',
        title: { translations: { en_us: 'Drinks', zh_cn: '饮品', zh_tw: '飲品' } },
        entities: items.map((i) => ({ id: itemIdOf(i.code), type: 'ITEM' as const })),
      },
    ],
    items: uberItems,
    modifier_groups: modifierGroups,
  };
  // Our own check with the same schema the simulated Uber server validates with.
  uberMenuConfiguration.parse(menu);
  return menu;
}
