import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { channelColumns } from './channel-columns';

const t = ((key: string) => key) as unknown as TFunction;
const generated = ['deviceId', 'name', 'channelNumber', 'levelG', 'capacityG', 'shortage', 'expiresAt'].map(
  (key) => ({ key, dataIndex: key }),
);

describe('machine-channel columns', () => {
  it('put the machine and number first, the level and status in place of the raw figures', () => {
    const keys = channelColumns(generated, t, { withDevice: true }).map((c) => c.key);
    expect(keys).toEqual(['deviceId', 'channelNumber', 'name', 'level', 'status', 'expiresAt']);
  });

  it('leave the machine out on the page of one machine', () => {
    const keys = channelColumns(generated, t, { withDevice: false }).map((c) => c.key);
    expect(keys).not.toContain('deviceId');
    expect(keys[0]).toBe('channelNumber');
  });
});
