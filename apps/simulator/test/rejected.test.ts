/**
 * The server's `rejected` answer (docs/device-protocol.md §4.7), sent here by the test as the server
 * would, on Mosquitto: a simulated machine sends again the events refused as beyond a message's
 * 500, notes the others without sending them again, and keeps working.
 */
import { afterAll, expect, it } from 'vitest';
import { eventsMessage, topicFor, type MachineEvent, type RejectedMessage } from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

const started: SimulatedMachine[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
});

it('sends again what was refused as too many, notes the rest, and goes on', async () => {
  const sn = serial();
  const watch = await observer(MOSQUITTO, topicFor(sn, 'events'));
  const m = new SimulatedMachine({
    url: MOSQUITTO,
    serialNumber: sn,
    secret: 's',
    family: 'coffee',
    cupsPerMinute: 0,
    flushMs: 100,
  });
  started.push(m);
  await m.start();
  const events = () => watch.messages.flatMap((x) => eventsMessage.parse(x.body).events as MachineEvent[]);
  m.makeCup();
  m.makeCup();
  await watch.waitFor(() => events().length >= 2);
  const [first, second] = events();
  const answer: RejectedMessage = {
    v: 1,
    channel: 'events',
    ts: new Date().toISOString(),
    events: [
      { index: 0, eventId: first.eventId, code: 'too-many-events', reason: 'beyond the 500' },
      { index: 1, eventId: second.eventId, code: 'invalid', reason: 'cupOutSeconds: too big' },
    ],
  };
  await watch.client.publishAsync(topicFor(sn, 'rejected'), JSON.stringify(answer), { qos: 1 });
  await watch.waitFor(
    (x) => x.body.events.some((e: MachineEvent) => e.eventId === first.eventId) && x !== watch.messages[0],
  );
  await new Promise((r) => setTimeout(r, 300));
  expect(events().filter((e) => e.eventId === first.eventId)).toHaveLength(2);
  expect(events().filter((e) => e.eventId === second.eventId)).toHaveLength(1);
  expect(m.rejected).toEqual([answer]);
  // And it goes on making and reporting cups.
  const before = events().length;
  m.makeCup();
  await watch.waitFor(() => events().length > before);
  await watch.client.endAsync();
});
