/**
 * What a member may order from: the stores of their merchants near a place, each with its machines
 * (whether each takes orders now), and the menu a machine runs now — what fleet sent it and it
 * adopted — with names in the member's language and prices as decimal strings.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  APP_API_PREFIX,
  appIdParams,
  appImagePath,
  appMenuAnswer,
  appStoresAnswer,
  appStoresQuery,
  menuContent,
  nameIn,
  soldOutProducts,
  type MenuContent,
} from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { answer } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FleetService, ShopMachine } from '../fleet/service.ts';
import type { OrderService } from '../orders/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { MEMBER_SCHEME, inMemberScope } from './member-auth.ts';
import { appDocs } from './docs.ts';

const tags = ['app'];
const security = [{ bearer: [] }];

/** Takes app orders now: online, not locked, running a menu the server sent it. */
export const takesOrders = (m: ShopMachine) => m.online && !m.locked && !!m.menuVersion;

/**
 * Whether a store is open (the console's open/closed switch: staff close a store for a holiday or a
 * repair) and its name: a closed store's machines take no app orders, whatever their own state.
 * Read as the caller's transaction can (the order is placed as the system). No store: open.
 */
export async function storeOpen(tx: Db, storeId: string | null): Promise<{ name: string; isOpen: boolean }> {
  if (!storeId) return { name: '', isOpen: true };
  const [store] = await rows<{ name: string; isOpen: boolean }>(
    tx,
    sql`select name, is_open as "isOpen" from store where id = ${storeId}::bigint`,
  );
  return store ?? { name: '', isOpen: true };
}

/** The machine as the member may see it (their merchants' only: else not found), and its menu. */
export async function machineAndMenu(
  tx: Db,
  fleet: FleetService,
  deviceId: string,
  merchantIds: readonly string[],
): Promise<{ machine: ShopMachine; menu: MenuContent | null }> {
  const machine = await fleet.reports.shopMachine(tx, deviceId);
  if (!machine || !machine.merchantId || !merchantIds.includes(machine.merchantId))
    throw new AppError('msg.appMachineNotFound');
  if (!machine.menuVersion) return { machine, menu: null };
  const parsed = menuContent.safeParse(await fleet.reports.menuSent(tx, machine.id, machine.menuVersion));
  return { machine, menu: parsed.success ? parsed.data : null };
}

export function registerAppShop(
  app: FastifyInstance,
  deps: {
    db: Db;
    fleet: FleetService;
    orders: OrderService;
    catalog: Pick<CatalogService, 'productImagesByCode'>;
  },
) {
  const { db, fleet, orders, catalog } = deps;

  app.get(
    `${APP_API_PREFIX}/stores`,
    {
      schema: { querystring: appStoresQuery, response: answer(appStoresAnswer), tags, security },
      config: { authScheme: MEMBER_SCHEME, swaggerTransform: appDocs({ errors: { 400: true, 401: true } }) },
    },
    async (request) => {
      const q = request.query as z.infer<typeof appStoresQuery>;
      return inMemberScope(db, request, async (tx) => {
        const member = request.member!;
        // Great-circle distance (haversine, Earth radius 6371 km); the member's merchants' stores only.
        const stores = await rows<{
          id: string;
          merchantId: string;
          name: string;
          city: string | null;
          address: string | null;
          latitude: number;
          longitude: number;
          distanceKm: number;
          isOpen: boolean;
        }>(
          tx,
          sql`select * from (
                select s.id::text, s.merchant_id::text as "merchantId", s.name, s.city, s.address, s.latitude,
                       s.longitude, s.is_open as "isOpen",
                       round((6371 * 2 * asin(sqrt(
                         power(sin(radians(s.latitude - ${q.lat}) / 2), 2) +
                         cos(radians(${q.lat})) * cos(radians(s.latitude)) *
                         power(sin(radians(s.longitude - ${q.lng}) / 2), 2))))::numeric, 3)::float8 as "distanceKm"
                from store s
                where s.merchant_id = any(${`{${member.merchantIds.join(',')}}`}::bigint[])
                  and s.latitude is not null and s.longitude is not null) near
              where "distanceKm" <= ${q.radiusKm}
              order by "distanceKm", id limit 100`,
        );
        const machines = await fleet.reports.machinesOfStores(tx, { storeIds: stores.map((s) => s.id) });
        return stores.map((s) => ({
          ...s,
          machines: machines
            .filter((m) => m.storeId === s.id)
            .map((m) => ({
              id: m.id,
              name: m.name,
              family: m.family,
              online: m.online,
              // A closed store's machines take no orders, whatever their own state.
              ordering: s.isOpen && takesOrders(m),
            })),
        }));
      });
    },
  );

  app.get(
    `${APP_API_PREFIX}/machines/:id/menu`,
    {
      schema: { params: appIdParams, response: answer(appMenuAnswer), tags, security },
      config: {
        authScheme: MEMBER_SCHEME,
        swaggerTransform: appDocs({
          errors: {
            400: true,
            401: true,
            404: 'No such machine, or one of another merchant',
            409: 'The machine runs no menu it can take orders from',
          },
        }),
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const lang = request.lang;
      return inMemberScope(db, request, async (tx) => {
        const { machine, menu } = await machineAndMenu(tx, fleet, id, request.member!.merchantIds);
        if (!menu) throw new AppError('msg.appMachineNotOrdering');
        const soldOut = soldOutProducts(
          menu,
          (await fleet.reports.channelSupply(tx, [machine.id])).get(machine.id) ?? [],
        );
        // The pictures of the catalog's products the menu sells (an image tag loads them without a token).
        const images = machine.merchantId
          ? await catalog.productImagesByCode(
              tx,
              machine.merchantId,
              menu.products.map((p) => p.code),
            )
          : new Map<string, string[]>();
        const origin = publicOrigin(request);
        const imageUrls = (code: string) =>
          (images.get(code) ?? []).map((id) => `${origin}${appImagePath(id)}`);
        return {
          deviceId: machine.id,
          menuVersion: menu.version,
          // What the order will be charged in.
          currency: await orders.currencyAt(tx, machine.merchantId, menu),
          products: menu.products
            .filter((p) => p.orderable !== false)
            .map((p) => ({
              code: p.code,
              name: nameIn(p, lang),
              family: p.family,
              price: p.price,
              soldOut: soldOut.has(p.code),
              imageUrl: imageUrls(p.code)[0] ?? null,
              imageUrls: imageUrls(p.code),
              // Options without an id cannot be ordered (orders name options by id).
              options: p.options.flatMap((o) =>
                o.id === undefined
                  ? []
                  : [
                      {
                        id: o.id,
                        type: nameIn({ name: o.type, names: o.typeNames }, lang),
                        name: nameIn(o, lang),
                        priceChange: o.priceChange,
                        isDefault: o.isDefault,
                        multiple: o.multiple ?? false,
                        required: o.required ?? false,
                      },
                    ],
              ),
              combinations: (p.combos ?? []).map((c) => ({
                optionIds: c.optionIds,
                label: c.optionIds
                  .map((oid) => {
                    const o = p.options.find((x) => x.id === oid);
                    return o ? nameIn(o, lang) : oid;
                  })
                  .join(' / '),
                priceChange: c.priceChange,
              })),
              toppings: p.toppings.map((t) => ({
                code: t.name,
                name: nameIn(t, lang),
                price: t.price,
                charged: t.charged,
              })),
            })),
        };
      });
    },
  );
}
