import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_LOG_MESSAGE_KEYS } from '@brewfleet/contracts/resources/device-records';
import { en } from '../../locales/en';
import { tw } from '../../locales/tw';
import { zh } from '../../locales/zh';
import { journalMessage } from './journal-message';

const i18n = i18next.createInstance();
const t = (lng: 'en' | 'zh' | 'tw') => i18n.getFixedT(lng) as TFunction;

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: en }, zh: { translation: zh }, tw: { translation: tw } },
    lng: 'en',
    fallbackLng: false,
    // As in the app (app/i18n.ts): React escapes.
    interpolation: { escapeValue: false },
  });
});

describe('journal message', () => {
  it('has a text for every message key in every language', () => {
    for (const lng of ['en', 'zh', 'tw'] as const)
      for (const key of DEVICE_LOG_MESSAGE_KEYS)
        expect(i18n.exists(`journal.messages.${key}`, { lng }), `${lng} ${key}`).toBe(true);
  });

  it('words a binding with the merchant and store names in each language', () => {
    const line = {
      message: 'merchant Bean Co, store Taipei 101',
      messageKey: 'boundToStore',
      params: { merchant: 'Bean Co', store: 'Taipei 101' },
    };
    expect(journalMessage(t('en'), line)).toBe('Bound to merchant Bean Co, store Taipei 101');
    expect(journalMessage(t('zh'), line)).toBe('绑定到商户 Bean Co，门店 Taipei 101');
    expect(journalMessage(t('tw'), line)).toBe('綁定至商戶 Bean Co，門市 Taipei 101');
  });

  it('translates command types and states, cleaning kinds and results, machine states', () => {
    const queued = { messageKey: 'commandQueued', params: { type: 'channels', account: 'admin' } };
    expect(journalMessage(t('en'), queued)).toBe('Channel layout: queued by admin');
    expect(journalMessage(t('tw'), queued)).toBe('料道配置：由 admin 發出，佇列中');
    const done = { messageKey: 'commandFinished', params: { type: 'lock', state: 'succeeded' } };
    expect(journalMessage(t('zh'), done)).toBe('锁定：成功');
    expect(journalMessage(t('tw'), done)).toBe('鎖定：成功');
    const cleaning = { messageKey: 'cleaning', params: { kind: 'deep', result: 'completed' } };
    expect(journalMessage(t('zh'), cleaning)).toBe('深度清洗：完成');
    expect(journalMessage(t('tw'), cleaning)).toBe('深度清洗：完成');
    expect(journalMessage(t('tw'), { messageKey: 'machineState', params: { state: 'idle' } })).toBe(
      '狀態：閒置',
    );
  });

  it("keeps the machine's own words: fault messages and rejection reasons", () => {
    expect(
      journalMessage(t('tw'), { messageKey: 'fault', params: { code: 'E12', message: 'grinder jammed' } }),
    ).toBe('故障 E12：grinder jammed');
    expect(
      journalMessage(t('zh'), {
        messageKey: 'commandFinishedReason',
        params: { type: 'menu', state: 'failed', reason: 'unknown product {{x}}' },
      }),
    ).toBe('菜单：失败（unknown product {{x}}）');
  });

  it('shows the stored English text of a line without a key, or with a key this console does not know', () => {
    expect(
      journalMessage(t('tw'), { message: 'merchant 123, store 456', messageKey: null, params: null }),
    ).toBe('merchant 123, store 456');
    expect(journalMessage(t('zh'), { message: 'something new', messageKey: 'fromTheFuture' })).toBe(
      'something new',
    );
    expect(
      journalMessage(t('zh'), { messageKey: 'commandFinished', params: { type: 'teleport', state: 'sent' } }),
    ).toBe('teleport：已发送');
  });
});
