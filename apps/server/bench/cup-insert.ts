/**
 * `npm run bench:cup-insert`: the gateway's cup insert alone (ingest.ts, writeProduction's statement),
 * a batch of 4,000 cups from 100 machines, in a transaction rolled back, best of five, under variants
 * of the table made inside that transaction: as migrated, with the event id under collation "C"
 * instead of the database's, and without the foreign key to `device`. What
 * apps/server/bench/README.md, "The machines' path", quotes. A fresh database `bench_cup_insert` on
 * TEST_DATABASE_URL's server, dropped at the end. Options: --cups N (4000), --rounds R (3).
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openPostgres } from '../src/platform/db/client.ts';
import { migrate } from '../src/platform/db/migrate.ts';

const { values } = parseArgs({ options: { cups: { type: 'string' }, rounds: { type: 'string' } } });
const CUPS = Number(values.cups ?? 4000);
const ROUNDS = Number(values.rounds ?? 3);
const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB = 'bench_cup_insert';
const url = Object.assign(new URL(server), { pathname: `/${DB}` }).toString();

const INSERT = `insert into production_record (merchant_id, store_id, device_id, serial_number, event_id, produced_at,
    product_code, recipe_version, method, result, bad_cup, started_at, cup_out_seconds, extraction_seconds,
    coffee, tea, materials, received_at, order_no, order_line)
  select d.merchant_id, d.store_id, d.id, d.serial_number, r->>1, (r->>2)::timestamptz, r->>3, r->>4, r->>5,
         r->>6, (r->>7)::boolean, (r->>8)::timestamptz, (r->>9)::float8, (r->>10)::float8,
         nullif(r->11, 'null'), nullif(r->12, 'null'), r->13, (r->>14)::timestamptz, r->>15, (r->>16)::int
  from jsonb_array_elements($1::jsonb) r join device d on d.id = (r->>0)::bigint
  on conflict (device_id, event_id) do nothing
  returning device_id::text, merchant_id::text, store_id::text, event_id`;

const VARIANTS: Array<[string, string]> = [
  // Every variant starts from indexes rebuilt in its transaction: the rolled-back inserts of earlier
  // tries leave dead entries in the migrated ones, which alone made a variant look 20 % dearer.
  ['as migrated', `reindex table production_record`],
  [
    'event id under collation "C"',
    `alter table production_record alter column event_id type text collate "C"`,
  ],
  [
    'no foreign key to device',
    `alter table production_record drop constraint production_record_device_id_fkey; reindex table production_record`,
  ],
];

const coffee = {
  soakFlowMlPerS: 2.1,
  soakTimeS: 3,
  extractionFlowMlPerS: 1.8,
  pressureBar: 9.1,
  temperatureC: 92.5,
  powderG: 18.2,
  tampingForceN: 150,
  cakeThicknessMm: 12,
  chamberPosition: 1,
  grindDegree1: 30,
  grindDegree2: 31,
};

async function run() {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  try {
    const database = await openPostgres(url, 1);
    await migrate(database);
    await database.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`with t as (insert into device_type (name, family, automation) values ('Bench', 'coffee', 'automatic') returning id),
                   m as (insert into device_model (name, code, device_type_id) select 'Bench', 'BENCH', id from t returning id)
                   insert into device (name, serial_number, model_id, family, automation, secret_hash)
                   select 'B' || g, 'B' || g, m.id, 'coffee', 'automatic', 'x' from m, generate_series(1, 100) g`);
    const devices = (await c.query<{ id: string }>('select id from device')).rows.map((r) => r.id);
    const batch = () => {
      const now = new Date().toISOString();
      return JSON.stringify(
        Array.from({ length: CUPS }, (_, i) => [
          devices[i % devices.length],
          crypto.randomUUID(),
          now,
          'LATTE',
          'v1',
          'scan-code',
          'completed',
          false,
          now,
          30.5,
          25.1,
          coffee,
          null,
          [
            { channel: 1, grams: 18 },
            { channel: 2, grams: 150 },
          ],
          now,
          null,
          null,
        ]),
      );
    };
    console.log(`cup insert: ${CUPS} cups a statement, best of 5 per variant and round (µs a cup)`);
    for (let round = 1; round <= ROUNDS; round++)
      for (const [name, change] of VARIANTS) {
        let best = Infinity;
        for (let k = 0; k < 6; k++) {
          await c.query('begin');
          if (change) await c.query(change);
          const payload = batch();
          const started = process.hrtime.bigint();
          await c.query(INSERT, [payload]);
          const ns = Number(process.hrtime.bigint() - started);
          await c.query('rollback');
          if (k > 0) best = Math.min(best, ns); // the first warms the plan and the caches
        }
        console.log(`  round ${round}  ${name.padEnd(50)} ${(best / CUPS / 1000).toFixed(2)}`);
      }
    await c.end();
  } finally {
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
