import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { protocolJsonSchemas } from '../src/protocol-schemas.ts';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/protocol-schemas');

describe('published JSON Schemas of the device protocol', () => {
  it('docs/protocol-schemas matches the contracts (else: npm run protocol:schemas)', () => {
    const schemas = protocolJsonSchemas();
    const committed = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(committed.sort()).toEqual(
      Object.keys(schemas)
        .map((n) => `${n}.json`)
        .sort(),
    );
    for (const [name, schema] of Object.entries(schemas))
      expect(JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')), name).toEqual(schema);
  });

  it('describes what a machine sends as it may send it: defaults optional, limits kept', () => {
    const { events, rejected } = protocolJsonSchemas() as Record<string, any>;
    expect(events.properties.events.maxItems).toBe(500);
    const production = events.properties.events.items.anyOf ?? events.properties.events.items.oneOf;
    const cup = production.find((s: any) => s.properties.type.const === 'production');
    expect(cup.required).not.toContain('badCup');
    expect(cup.properties.ts.format).toBe('date-time');
    expect(rejected.properties.channel.enum).toEqual(['status', 'heartbeat', 'events', 'ack']);
  });

  it('takes in events.json every event the gateway keeps, order events included (§4.8)', () => {
    const { events } = protocolJsonSchemas() as Record<string, any>;
    const items = events.properties.events.items.anyOf ?? events.properties.events.items.oneOf;
    const types = items.flatMap((s: any) => s.properties.type.enum ?? [s.properties.type.const]);
    expect(types.sort()).toEqual(
      ['cleaning', 'fault', 'fault-cleared', 'material', 'order', 'order-status', 'production'].sort(),
    );
  });
});
