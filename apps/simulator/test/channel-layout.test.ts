/**
 * The `channels` command, through Mosquitto: a layout of channels the machine has is adopted (and
 * from then on only its channels are reported); one naming a channel the machine lacks is refused
 * with a reason, and the previous layout stays.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eventsMessage, topicFor, type MachineEvent } from '@brewfleet/contracts';
import { SimulatedMachine } from '../src/machine.ts';
import { MOSQUITTO, observer, serial } from './helpers/broker.ts';

const started: SimulatedMachine[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop().catch(() => {})));
});

describe('the channels command', () => {
  it('adopts a layout of its own channels and refuses one with a channel it lacks', async () => {
    const m = new SimulatedMachine({
      url: MOSQUITTO,
      serialNumber: serial(),
      secret: 's',
      family: 'tea',
      cupsPerMinute: 0,
      flushMs: 50,
    });
    started.push(m);
    await m.start();
    const watch = await observer(MOSQUITTO, topicFor(m.serialNumber, 'events').replace(/events$/, '+'));
    const outcome = async (commandId: string) =>
      (
        await watch.waitFor(
          (x) => x.body.commandId === commandId && ['succeeded', 'failed'].includes(x.body.stage),
        )
      ).body as { stage: string; reason?: string };

    const layout = {
      configName: 'Tea bar',
      channels: [
        { channel: 1, name: 'Oolong', material: 'Dong Ding oolong', preDischargeSeconds: 1 },
        { channel: 4, name: 'Water', preDischargeSeconds: 0 },
      ],
    };
    const adopted = await watch.command(m.serialNumber, 'channels', layout);
    expect(await outcome(adopted)).toMatchObject({ stage: 'succeeded' });
    expect(m.channelLayout).toEqual(layout);
    const levels = await watch.waitFor((x) => x.topic.endsWith('/events'));
    const [material] = eventsMessage.parse(levels.body).events as MachineEvent[];
    expect(material.type === 'material' && material.levels.map((l) => l.channel)).toEqual([1, 4]);

    const refused = await watch.command(m.serialNumber, 'channels', {
      configName: 'Too many',
      channels: [
        { channel: 1, name: 'Oolong', preDischargeSeconds: 0 },
        { channel: 9, name: 'Syrup', preDischargeSeconds: 0 },
      ],
    });
    const answer = await outcome(refused);
    expect(answer.stage).toBe('failed');
    expect(answer.reason).toBe(
      'channels Too many rejected: no channel 9 on this machine (it has 1, 2, 3, 4)',
    );
    expect(m.channelLayout).toEqual(layout);

    const malformed = await watch.command(m.serialNumber, 'channels', { channels: 'all' });
    expect(await outcome(malformed)).toMatchObject({ stage: 'failed' });
    await watch.client.endAsync();
  });
});
