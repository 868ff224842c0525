import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@brewfleet/contracts/enums';
import { COMMAND_REASON_KEYS } from '@brewfleet/contracts/resources/device-records';
import { en } from '../../locales/en';
import { tw } from '../../locales/tw';
import { zh } from '../../locales/zh';
import { commandReason } from './command-reason';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: en }, zh: { translation: zh }, tw: { translation: tw } },
  }),
);
const reason = (lng: string, command: Parameters<typeof commandReason>[1]) =>
  commandReason(i18n.getFixedT(lng), command);
const TOO_LARGE = {
  reason: 'too large for the machine: 7180 bytes, its MQTT Maximum Packet Size is 4096',
  reasonKey: 'tooLarge',
  reasonParams: { bytes: 7180, limit: 4096 },
};

describe('command reasons in the reader’s language', () => {
  it('words the server’s reasons with their parameters', () => {
    expect(reason('tw', TOO_LARGE)).toBe('指令對機器過大：7180 位元組，其 MQTT 最大封包長度為 4096');
    expect(reason('zh', TOO_LARGE)).toBe('指令对机器过大：7180 字节，其 MQTT 最大报文长度为 4096');
    expect(reason('en', TOO_LARGE)).toBe(
      'Too large for the machine: 7180 bytes, its MQTT Maximum Packet Size is 4096',
    );
    expect(reason('tw', { reason: 'expired', reasonKey: 'expired' })).toBe('機器完成前已逾期');
    expect(reason('zh', { reason: 'superseded by a newer menu', reasonKey: 'supersededByMenu' })).toBe(
      '已被更新的菜单取代',
    );
  });

  it('leaves a machine’s own words, and a row without a key, as they were written', () => {
    expect(reason('tw', { reason: 'unknown product LATTE', reasonKey: null })).toBe('unknown product LATTE');
    expect(reason('zh', { reason: 'expired' })).toBe('expired');
    expect(reason('en', { reason: null })).toBe('');
    // A key this console does not know yet: the English text.
    expect(reason('tw', { reason: 'paused by the operator', reasonKey: 'pausedLater' })).toBe(
      'paused by the operator',
    );
  });

  it('has a text for every reason key in every language', () => {
    for (const key of COMMAND_REASON_KEYS)
      for (const lng of LANGUAGES)
        expect(i18n.exists(`devices.commandReasons.${key}`, { lng }), `${key} ${lng}`).toBe(true);
  });
});
