/**
 * The data-center bench's fleet (bench/data-center-seed.ts): three merchants in three zones — one of
 * them in India (Asia/Kolkata, UTC+5:30: its local days and peaks fall on the half hour) — 40 stores
 * and 400 machines of every family, each with its channels named by material. Made once; found again
 * on the next run (by name and serial number).
 */
import { sql } from 'drizzle-orm';
import { CHANNELS, type Family } from '@brewfleet/simulator';
import { rows, type Db } from '../src/platform/db/client.ts';
import { inScope, SYSTEM } from '../src/platform/db/scope.ts';
import { createIamService } from '../src/modules/iam/service.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import type { Machine } from './orders-seed.ts';

/** Password of the data-center bench merchants' administrators. */
export const DC_BENCH_PASSWORD = 'Bench-Data-2026';

export interface DcMerchant {
  name: string;
  login: string;
  country: string;
  currency: string;
  /** The stores' zone as a fixed offset (none of these zones keeps daylight saving). */
  zone: string;
  offsetMinutes: number;
  /** Its prices as a multiple of the TWD list (bench/data-center-seed.ts). */
  priceFactor: number;
  kind: string;
  stores: number;
  /** Share of the cups and orders. */
  share: number;
}

/** The first is the one the query bench signs in as. */
export const DC_MERCHANTS: DcMerchant[] = [
  {
    name: 'Bench Data Co.',
    login: 'bench-data',
    country: 'TW',
    currency: 'TWD',
    zone: 'Asia/Taipei',
    offsetMinutes: 480,
    priceFactor: 1,
    kind: 'chain-brand',
    stores: 25,
    share: 0.68,
  },
  {
    name: 'Bench Data India',
    login: 'bench-data-in',
    country: 'IN',
    currency: 'INR',
    zone: 'Asia/Kolkata',
    offsetMinutes: 330,
    priceFactor: 3,
    kind: 'distributor',
    stores: 8,
    share: 0.18,
  },
  {
    name: 'Bench Data HK',
    login: 'bench-data-hk',
    country: 'HK',
    currency: 'HKD',
    zone: 'Asia/Hong_Kong',
    offsetMinutes: 480,
    priceFactor: 0.25,
    kind: 'supplier',
    stores: 7,
    share: 0.14,
  },
];

/** Ten machines a store: what a self-service kiosk of drinks would hold. */
export const STORE_FAMILIES: Family[] = [
  'coffee',
  'coffee',
  'coffee',
  'coffee',
  'coffee',
  'tea',
  'tea',
  'ice-sand',
  'milk-frother',
  'blender',
];

export interface DcMachine extends Machine {
  family: Family;
  merchant: number;
}

export async function ensureDcFixtures(db: Db): Promise<{ merchantIds: string[]; machines: DcMachine[] }> {
  return inScope(db, SYSTEM, async (tx) => {
    const iam = createIamService({ keys: null as never }); // only createMerchantAdministrator: no keys needed
    const models = new Map<Family, string>();
    for (const family of new Set(STORE_FAMILIES)) {
      const typeName = `DC Bench ${family}`;
      const code = `DC-BENCH-${family.toUpperCase()}`;
      const [type] = await rows<{ id: string }>(
        tx,
        sql`select id::text from device_type where name = ${typeName}`,
      );
      const typeId =
        type?.id ??
        (
          await rows<{ id: string }>(
            tx,
            sql`insert into device_type (name, family, automation) values (${typeName}, ${family}, 'automatic') returning id::text`,
          )
        )[0].id;
      const [model] = await rows<{ id: string }>(
        tx,
        sql`select id::text from device_model where code = ${code}`,
      );
      models.set(
        family,
        model?.id ??
          (
            await rows<{ id: string }>(
              tx,
              sql`insert into device_model (name, code, device_type_id, manufacturer, channel_count)
                  values (${`DC ${family}`}, ${code}, ${typeId}, 'BrewFleet Bench', ${CHANNELS[family].length}) returning id::text`,
            )
          )[0].id,
      );
    }
    const [kindColumn] = await rows<{ n: number }>(
      tx,
      sql`select 1 as n from information_schema.columns where table_name = 'merchant' and column_name = 'kind'`,
    );
    let hash: string | null = null;
    const merchantIds: string[] = [];
    const machines: DcMachine[] = [];
    for (const [mi, m] of DC_MERCHANTS.entries()) {
      let [merchant] = await rows<{ id: string }>(
        tx,
        sql`select id::text from merchant where name = ${m.name}`,
      );
      if (!merchant) {
        [merchant] = await rows<{ id: string }>(
          tx,
          sql`insert into merchant (name, principal, contact_number, country, address, registration_address)
              values (${m.name}, 'Bench Principal', '+886 2 0000 0000', ${m.country}, 'Bench Rd. 1', 'Bench Rd. 1')
              returning id::text`,
        );
        hash ??= await hashPassword(DC_BENCH_PASSWORD);
        await iam.createMerchantAdministrator(tx, {
          merchantId: merchant.id,
          account: m.login,
          name: `${m.name} admin`,
          passwordHash: hash,
          createdBy: null,
        });
      }
      // The merchant charts group by kind of business (added by the data center's migration).
      if (kindColumn) await tx.execute(sql`update merchant set kind = ${m.kind} where id = ${merchant.id}`);
      merchantIds.push(merchant.id);
      for (let si = 1; si <= m.stores; si++) {
        const storeName = `${m.name.replace('Bench Data', 'DC')} store ${si}`;
        let [store] = await rows<{ id: string }>(
          tx,
          sql`select id::text from store where merchant_id = ${merchant.id} and name = ${storeName}`,
        );
        store ??= (
          await rows<{ id: string }>(
            tx,
            sql`insert into store (merchant_id, name, type, city, address, opening_time, closing_time)
                values (${merchant.id}, ${storeName}, 'self-service-takeaway', ${m.zone.split('/')[1]}, ${storeName}, '07:00', '22:00')
                returning id::text`,
          )
        )[0];
        for (const [k, family] of STORE_FAMILIES.entries()) {
          const code = `D${mi + 1}${String(si).padStart(2, '0')}${k}`;
          const serial = `BENCH-DC-${mi + 1}-${si}-${k}`;
          let [device] = await rows<{ id: string }>(
            tx,
            sql`select id::text from device where serial_number = ${serial}`,
          );
          if (!device) {
            device = (
              await rows<{ id: string }>(
                tx,
                sql`insert into device (merchant_id, store_id, name, serial_number, model_id, family, automation, code)
                    values (${merchant.id}, ${store.id}, ${`${storeName} · ${family} ${k + 1}`}, ${serial},
                            ${models.get(family)!}, ${family}, 'automatic', ${code})
                    returning id::text`,
              )
            )[0];
            for (const c of CHANNELS[family])
              await tx.execute(
                sql`insert into device_channel (merchant_id, store_id, device_id, name, channel_number, material, capacity_g)
                    values (${merchant.id}, ${store.id}, ${device.id}, ${c.material}, ${c.channel}, ${c.material}, ${c.capacityG})`,
              );
          }
          machines.push({
            id: device.id,
            serial,
            code,
            storeId: store.id,
            merchantId: merchant.id,
            family,
            merchant: mi,
          });
        }
      }
    }
    return { merchantIds, machines };
  });
}
