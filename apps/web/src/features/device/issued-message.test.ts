import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../locales/en';
import { tw } from '../../locales/tw';
import { zh } from '../../locales/zh';
import { issuedMessage } from './issued-message';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'en',
    interpolation: { escapeValue: false },
    resources: { en: { translation: en }, zh: { translation: zh }, tw: { translation: tw } },
  }),
);
const commands = (sent: number, joined: number) => [
  ...Array.from({ length: sent }, () => ({ joined: false })),
  ...Array.from({ length: joined }, () => ({ joined: true })),
];
const say = (lng: string, sent: number, joined: number) => {
  const t = i18n.getFixedT(lng);
  return issuedMessage(t, t('devices.operations.lock'), commands(sent, joined));
};

describe('what a remote operation says it did', () => {
  it('counts only the machines it was sent to, and says how many already had it pending', () => {
    expect(say('en', 3, 2)).toEqual({
      text: 'Lock sent to 3 machine(s); 2 already had it pending',
      nothingNew: false,
    });
    expect(say('zh', 3, 2).text).toBe('已向 3 台机器发送“锁定”；2 台机器已有相同指令待执行');
    expect(say('tw', 3, 2).text).toBe('已向 3 台機器傳送「鎖定」；2 台機器已有相同指令待執行');
  });

  it('says as before when none was pending, and that nothing new went out when all were', () => {
    expect(say('en', 4, 0)).toEqual({ text: 'Lock sent to 4 machine(s)', nothingNew: false });
    expect(say('en', 0, 2)).toEqual({
      text: 'Lock was already pending on 2 machine(s): nothing new was sent',
      nothingNew: true,
    });
    expect(say('tw', 0, 2).text).toBe('2 台機器已有待執行的「鎖定」，未傳送新指令');
  });
});
