/**
 * startFleet: N machines started and stopped together (Mosquitto), and what happens when the broker
 * refuses one of them (an in-test Aedes that checks secrets): without onError nothing is left
 * running, with onError the rest of the fleet runs and the refused machine keeps trying.
 */
import { describe, expect, it } from 'vitest';
import { TOPIC_ROOT, statusMessage } from '@brewfleet/contracts';
import { startFleet } from '../src/index.ts';
import { MOSQUITTO, aedesBroker, observer, serial } from './helpers/broker.ts';

const waitUntil = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('startFleet', () => {
  it('starts N machines of the given families and stops them with a goodbye', async () => {
    const families = ['coffee', 'tea', 'ice-sand', 'milk-frother', 'blender'] as const;
    const machines = families.map((family) => ({ serialNumber: serial(), secret: 's', family }));
    const watch = await observer(MOSQUITTO, `${TOPIC_ROOT}/+/status`);
    const statusOf = (sn: string) => watch.messages.filter((x) => x.topic.includes(`/${sn}/`)).at(-1)?.body;

    const fleet = await startFleet({ url: MOSQUITTO, machines, cupsPerMinute: 0 });
    expect(fleet.machines.map((m) => [m.serialNumber, m.family])).toEqual(
      machines.map((m) => [m.serialNumber, m.family]),
    );
    await waitUntil(() => machines.every((m) => statusOf(m.serialNumber)?.online === true));
    expect(machines.every((m) => statusMessage.safeParse(statusOf(m.serialNumber)).success)).toBe(true);

    await fleet.stop();
    await waitUntil(() => machines.every((m) => statusOf(m.serialNumber)?.online === false));
    expect(fleet.machines.every((m) => !m.status.online)).toBe(true);
    await watch.client.endAsync();
  });

  it('makes cups at the fleet rate', async () => {
    const machines = [1, 2, 3].map(() => ({
      serialNumber: serial(),
      secret: 's',
      family: 'coffee' as const,
    }));
    const watch = await observer(MOSQUITTO, `${TOPIC_ROOT}/+/events`);
    // 600 cups a minute: one every 100 ms per machine.
    const fleet = await startFleet({ url: MOSQUITTO, machines, cupsPerMinute: 600 });
    const cupsFrom = (sn: string) =>
      watch.messages
        .filter((x) => x.topic.includes(`/${sn}/`))
        .flatMap((x) => x.body.events)
        .filter((e: { type: string }) => e.type === 'production').length;
    await waitUntil(() => machines.every((m) => cupsFrom(m.serialNumber) >= 5), 10_000);
    await fleet.stop();
    await watch.client.endAsync();
  });

  it('fails without onError when a machine is refused, leaving nothing connected', async () => {
    const broker = await aedesBroker(0, (_username, password) => password === 'right');
    const machines = [
      { serialNumber: serial(), secret: 'right', family: 'coffee' as const },
      { serialNumber: serial(), secret: 'wrong', family: 'tea' as const },
    ];
    await expect(startFleet({ url: broker.url, machines, cupsPerMinute: 0 })).rejects.toThrow(
      new RegExp(`^${machines[1].serialNumber}: .*[Nn]ot authorized`),
    );
    await waitUntil(() => broker.broker.connectedClients === 0);
    await broker.close();
  });

  it('reports a refused machine to onError and runs the others', async () => {
    const broker = await aedesBroker(0, (_username, password) => password === 'right');
    const machines = [
      { serialNumber: serial(), secret: 'right', family: 'coffee' as const },
      { serialNumber: serial(), secret: 'wrong', family: 'tea' as const },
    ];
    const errors: string[] = [];
    const fleet = await startFleet({
      url: broker.url,
      machines,
      cupsPerMinute: 0,
      onError: (sn, error) => errors.push(`${sn}: ${error.message}`),
    });
    expect(fleet.machines.map((m) => m.status.online)).toEqual([true, false]);
    expect(errors[0]).toMatch(new RegExp(`^${machines[1].serialNumber}: .*[Nn]ot authorized`));
    // It keeps retrying (every 2 s) and keeps reporting.
    await waitUntil(() => errors.length >= 2, 6000);
    await fleet.stop();
    await waitUntil(() => broker.broker.connectedClients === 0);
    await broker.close();
  });
});
