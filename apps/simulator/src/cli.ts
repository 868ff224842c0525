/**
 * npm run simulate -- --devices N --url mqtt://host:1883 [--rate cups-per-minute] [--prefix SIM]
 *                     [--secret S] [--families coffee,tea,…] [--mqtt 3.1.1|5] [--state-dir DIR]
 *                     [--time-zone Asia/Taipei]
 *                     [--provision http://server:8080 --account admin --password …]
 * Runs N machines of the families in turn until stopped (Ctrl-C: they say goodbye). With
 * --provision they are registered on that server first and each gets a fresh secret. A machine with
 * a menu sells: each customer is an order. With --time-zone, customers come by that zone's day
 * (morning and afternoon peaks, quiet nights, later weekends; --rate is the busiest hour's pace).
 */
import { parseArgs } from 'node:util';
import { MACHINE_FAMILIES } from '@brewfleet/contracts';
import { startFleet } from './fleet.ts';
import { provision } from './provision.ts';
import type { Family } from './families.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    rate: { type: 'string', default: '2' },
    prefix: { type: 'string', default: 'SIM' },
    secret: { type: 'string', default: process.env.SIMULATOR_SECRET ?? '' },
    families: { type: 'string', default: MACHINE_FAMILIES.join(',') },
    provision: { type: 'string' },
    account: { type: 'string', default: 'admin' },
    password: { type: 'string', default: process.env.SIMULATOR_PASSWORD ?? '' },
    mqtt: { type: 'string', default: '3.1.1' },
    'state-dir': { type: 'string' },
    'time-zone': { type: 'string' },
  },
});
const count = Number(values.devices);
const rate = Number(values.rate);
const families = values.families!.split(',') as Family[];
if (!Number.isInteger(count) || count < 1 || count > 10_000)
  throw new Error('--devices must be a whole number from 1 to 10000');
if (!(rate >= 0)) throw new Error('--rate must be a number of cups per minute');
if (values.mqtt !== '3.1.1' && values.mqtt !== '5') throw new Error('--mqtt must be 3.1.1 or 5');
const unknown = families.find((f) => !(MACHINE_FAMILIES as readonly string[]).includes(f));
if (unknown) throw new Error(`--families: unknown family ${unknown} (known: ${MACHINE_FAMILIES.join(', ')})`);
const timeZone = values['time-zone'];
if (timeZone) new Intl.DateTimeFormat('en', { timeZone }); // throws RangeError on an unknown zone

const serialNumbers = Array.from(
  { length: count },
  (_, i) => `${values.prefix}-${String(i + 1).padStart(4, '0')}`,
);
const familyOf = (i: number) => families[i % families.length];
const machines = values.provision
  ? await provision({
      server: values.provision,
      account: values.account!,
      password: values.password!,
      serialNumbers,
      familyOf,
    })
  : serialNumbers.map((serialNumber, i) => ({ serialNumber, secret: values.secret!, family: familyOf(i) }));
for (const m of machines) Object.assign(m, { timeZone });
if (values.provision)
  console.log(`${machines.length} machines registered on ${values.provision}, new secrets issued`);

// One line per machine and error message: a broker that refuses everyone should not flood the terminal.
const reported = new Set<string>();
const fleet = await startFleet({
  url: values.url!,
  cupsPerMinute: rate,
  machines,
  mqttVersion: values.mqtt === '5' ? 5 : 4,
  stateDir: values['state-dir'],
  onError: (serialNumber, error) => {
    const key = `${serialNumber} ${error.message}`;
    if (reported.has(key)) return;
    reported.add(key);
    console.error(`${serialNumber}: ${error.message} (retrying)`);
  },
});
const online = fleet.machines.filter((m) => m.status.online).length;
console.log(`${online} of ${count} machines connected to ${values.url}, ${rate} cups per minute each`);
const stop = async () => {
  await fleet.stop();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
