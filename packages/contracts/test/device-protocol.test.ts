import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ackMessage,
  commandMessage,
  eventsMessage,
  parseTopic,
  statusMessage,
  topicFor,
} from '../src/device-protocol.ts';

describe('device protocol', () => {
  it('builds and parses topics, refusing wildcards and foreign roots', () => {
    expect(topicFor('CM-0001', 'events')).toBe('bf/v1/d/CM-0001/events');
    expect(parseTopic('bf/v1/d/CM-0001/events')).toEqual({ serialNumber: 'CM-0001', channel: 'events' });
    for (const bad of [
      'bf/v1/d/+/events',
      'bf/v1/d/#',
      'bf/v2/d/CM-0001/events',
      'bf/v1/d/CM-0001/other',
      'x/v1/d/CM-0001/cmd',
    ]) {
      expect(parseTopic(bad), bad).toBeNull();
    }
  });

  it('accepts a realistic batch and rejects impossible values', () => {
    const batch = {
      v: 1,
      events: [
        {
          eventId: crypto.randomUUID(),
          type: 'production',
          ts: '2026-11-22T08:31:10Z',
          productCode: 'LATTE-L',
          method: 'scan-code',
          result: 'completed',
          startedAt: '2026-11-22T08:30:40Z',
          cupOutSeconds: 30.2,
          coffee: {
            soakFlowMlPerS: 1.2,
            soakTimeS: 4,
            extractionFlowMlPerS: 1.6,
            pressureBar: 9.1,
            temperatureC: 92.5,
            powderG: 18.2,
            tampingForceN: 150,
            cakeThicknessMm: 11.5,
            chamberPosition: 2,
            grindDegree1: 14,
            grindDegree2: 15,
          },
        },
        { eventId: crypto.randomUUID(), type: 'fault', ts: '2026-11-22T08:40:00Z', code: 'E-WATER-LOW' },
      ],
    };
    const parsed = eventsMessage.parse(batch);
    expect(parsed.events[0]).toMatchObject({ badCup: false, materials: [] });
    const hot = structuredClone(batch);
    (hot.events[0] as any).coffee.temperatureC = 180;
    expect(eventsMessage.safeParse(hot).success).toBe(false);
    expect(eventsMessage.safeParse({ v: 2, events: batch.events }).success).toBe(false);
  });

  it('describes status, commands and acknowledgements', () => {
    expect(statusMessage.parse({ v: 1, online: false })).toEqual({ v: 1, online: false });
    const cmd = commandMessage.parse({
      v: 1,
      commandId: crypto.randomUUID(),
      type: 'lock',
      issuedAt: '2026-11-22T09:00:00Z',
      expiresAt: '2026-11-22T09:10:00Z',
    });
    expect(cmd.params).toEqual({});
    expect(commandMessage.safeParse({ ...cmd, type: 'self-destruct' }).success).toBe(false);
    expect(
      ackMessage.safeParse({ v: 1, commandId: cmd.commandId, stage: 'succeeded', ts: '2026-11-22T09:00:02Z' })
        .success,
    ).toBe(true);
  });
});
