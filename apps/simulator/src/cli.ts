/**
 * npm run simulate -- --devices N --url mqtt://host:1883 [--rate cups-per-minute] [--prefix SIM]
 *                     [--secret S] [--families coffee,tea,…]
 * Runs N machines of the families in turn until stopped (Ctrl-C: they say goodbye).
 */
import { parseArgs } from 'node:util';
import { MACHINE_FAMILIES } from '@brewfleet/contracts';
import { SimulatedMachine } from './machine.ts';
import type { Family } from './production.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '5' },
    url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    rate: { type: 'string', default: '2' },
    prefix: { type: 'string', default: 'SIM' },
    secret: { type: 'string', default: process.env.SIMULATOR_SECRET ?? '' },
    families: { type: 'string', default: MACHINE_FAMILIES.join(',') },
  },
});
const count = Number(values.devices);
const rate = Number(values.rate);
const families = values.families!.split(',') as Family[];
if (!Number.isInteger(count) || count < 1 || count > 10_000)
  throw new Error('--devices must be a whole number from 1 to 10000');
if (!(rate >= 0)) throw new Error('--rate must be a number of cups per minute');
const unknown = families.find((f) => !(MACHINE_FAMILIES as readonly string[]).includes(f));
if (unknown) throw new Error(`--families: unknown family ${unknown} (known: ${MACHINE_FAMILIES.join(', ')})`);

const machines = Array.from(
  { length: count },
  (_, i) =>
    new SimulatedMachine({
      url: values.url!,
      serialNumber: `${values.prefix}-${String(i + 1).padStart(4, '0')}`,
      secret: values.secret!,
      family: families[i % families.length],
      cupsPerMinute: rate,
    }),
);
await Promise.all(machines.map((m) => m.start()));
console.log(`${count} machines connected to ${values.url}, ${rate} cups per minute each`);
const stop = async () => {
  await Promise.all(machines.map((m) => m.stop()));
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
