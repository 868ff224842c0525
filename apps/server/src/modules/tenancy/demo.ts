/**
 * Demo tenants (DEMO=1 on a new database): a chain brand with two regional sub-merchants and stores
 * in several cities, an independent tea house, and their accounts — all with DEMO_PASSWORD.
 */
import { sql } from 'drizzle-orm';
import type { MerchantKind } from '@brewfleet/contracts';
import { rows, type Db } from '../../platform/db/client.ts';
import { inScope, SYSTEM } from '../../platform/db/scope.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { DEMO_PASSWORD } from '../iam/demo.ts';
import type { IamService } from '../iam/service.ts';

interface DemoStore {
  name: string;
  type: string;
  city: string;
  address: string;
  lat: number;
  lng: number;
  staff?: string;
}
interface DemoMerchant {
  name: string;
  /** What kind of business it is (the data center's merchant charts group by it). */
  kind: MerchantKind;
  login: string;
  principal: string;
  phone: string;
  country: string;
  address: string;
  stores: DemoStore[];
  children?: DemoMerchant[];
}

const DEMO: DemoMerchant[] = [
  {
    name: 'Formosa Brew Co.',
    kind: 'chain-brand',
    login: 'formosa',
    principal: 'Lin Chia-hao',
    phone: '+886 2 2722 1234',
    country: 'TW',
    address: 'No. 7, Sec. 5, Xinyi Rd., Taipei',
    stores: [
      {
        name: 'Formosa Brew Flagship',
        type: 'self-service-takeaway-delivery',
        city: 'Taipei',
        address: 'Xinyi Rd. Sec. 5 No. 7',
        lat: 25.0336,
        lng: 121.5648,
        staff: 'flagship-staff',
      },
    ],
    children: [
      {
        name: 'Formosa Brew North',
        kind: 'distributor',
        login: 'formosa-north',
        principal: 'Chen Yu-ting',
        phone: '+886 2 2555 0101',
        country: 'TW',
        address: 'Zhongshan N. Rd., Taipei',
        stores: [
          {
            name: 'Taipei Main Station Kiosk',
            type: 'pick-up',
            city: 'Taipei',
            address: 'Beiping W. Rd. 3',
            lat: 25.0478,
            lng: 121.517,
            staff: 'main-station-staff',
          },
          {
            name: 'Keelung Harbour Corner',
            type: 'self-service',
            city: 'Keelung',
            address: 'Zhongzheng Rd. 1',
            lat: 25.1316,
            lng: 121.7445,
          },
        ],
      },
      {
        name: 'Formosa Brew South',
        kind: 'distributor',
        login: 'formosa-south',
        principal: 'Huang Wei-lun',
        phone: '+886 7 331 2288',
        country: 'TW',
        address: 'Zhongshan 2nd Rd., Kaohsiung',
        stores: [
          {
            name: 'Kaohsiung Pier-2 Bar',
            type: 'self-service-takeaway',
            city: 'Kaohsiung',
            address: 'Dayong Rd. 1',
            lat: 22.6202,
            lng: 120.2818,
          },
          {
            name: 'Tainan Confucius Temple Cart',
            type: 'self-service',
            city: 'Tainan',
            address: 'Nanmen Rd. 2',
            lat: 22.9903,
            lng: 120.2041,
          },
        ],
      },
    ],
  },
  {
    name: 'Harbour Tea House',
    kind: 'store',
    login: 'harbour-tea',
    principal: 'Wong Ka-yan',
    phone: '+852 2888 1000',
    country: 'HK',
    address: 'Queen’s Road Central 88, Hong Kong',
    stores: [
      {
        name: 'Central Tea Bar',
        type: 'self-service-takeaway',
        city: 'Hong Kong',
        address: 'Queen’s Road Central 88',
        lat: 22.2819,
        lng: 114.1577,
      },
    ],
  },
];

async function insertMerchant(
  db: Db,
  iam: IamService,
  m: DemoMerchant,
  parentId: string | null,
  hash: string,
) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into merchant (name, kind, parent_id, principal, contact_number, country, address, registration_address)
        values (${m.name}, ${m.kind}, ${parentId}, ${m.principal}, ${m.phone}, ${m.country}, ${m.address}, ${m.address})
        returning id::text as id`,
  );
  await iam.createMerchantAdministrator(db, {
    merchantId: row.id,
    account: m.login,
    name: m.principal,
    passwordHash: hash,
    createdBy: null,
  });
  for (const s of m.stores) {
    const [store] = await rows<{ id: string }>(
      db,
      sql`insert into store (merchant_id, name, type, city, address, latitude, longitude, opening_time, closing_time)
          values (${row.id}, ${s.name}, ${s.type}, ${s.city}, ${s.address}, ${s.lat}, ${s.lng}, '07:00', '22:00')
          returning id::text as id`,
    );
    // Store staff run their store: its machines, channels, records and menus (STORE_STAFF_MENUS).
    if (s.staff)
      await iam.createStoreStaff(db, {
        merchantId: row.id,
        storeId: store.id,
        account: s.staff,
        name: s.name + ' staff',
        passwordHash: hash,
      });
  }
  for (const child of m.children ?? []) await insertMerchant(db, iam, child, row.id, hash);
}

export async function seedDemoTenants(database: Db, iam: IamService) {
  const hash = await hashPassword(DEMO_PASSWORD);
  await inScope(database, SYSTEM, async (db) => {
    for (const m of DEMO) await insertMerchant(db, iam, m, null, hash);
  });
}
