import { describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '../app/i18n';
import { formatDuration, formatMoney, moneyAffix } from './format';

describe('money', () => {
  it('reads $12.50 in English and 12.50 元 in Chinese, the input label on the same side', async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    expect(formatMoney('12.5', i18n.t)).toBe('$12.50');
    expect(formatMoney(3, i18n.t)).toBe('$3.00');
    expect(moneyAffix(i18n.t)).toEqual({ prefix: '$' });
    await setLanguage('zh');
    expect(formatMoney('12.5', i18n.t)).toBe('12.50 元');
    expect(moneyAffix(i18n.t)).toEqual({ suffix: '元' });
    await setLanguage('tw');
    expect(formatMoney(0.5, i18n.t)).toBe('0.50 元');
    expect(formatMoney('', i18n.t)).toBe('');
  });

  it('puts the sign before the currency, groups thousands and never goes through a float', async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    expect(formatMoney('-154.00', i18n.t)).toBe('-$154.00');
    expect(formatMoney('5760.00', i18n.t)).toBe('$5,760.00');
    expect(formatMoney('-1234567.8', i18n.t)).toBe('-$1,234,567.80');
    expect(formatMoney('-0.00', i18n.t)).toBe('$0.00');
    // 2^53 cents and more: a float would end in …992.00.
    expect(formatMoney('90071992547409.93', i18n.t)).toBe('$90,071,992,547,409.93');
    expect(formatMoney(12.345, i18n.t)).toBe('$12.35');
    await setLanguage('tw');
    expect(formatMoney('-86.00', i18n.t)).toBe('-86.00 元');
    expect(formatMoney('12000', i18n.t)).toBe('12,000.00 元');
  });
});

describe('durations', () => {
  it('writes seconds as days, hours, minutes and seconds in three languages', async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    expect(formatDuration(604_800, i18n.t)).toBe('7 days');
    expect(formatDuration(86_400, i18n.t)).toBe('1 day');
    expect(formatDuration(90, i18n.t)).toBe('1 min 30 s');
    expect(formatDuration(3_600, i18n.t)).toBe('1 hour');
    expect(formatDuration(93_784, i18n.t)).toBe('1 day 2 hours');
    expect(formatDuration(0, i18n.t)).toBe('0 s');
    expect(formatDuration(null, i18n.t)).toBe('');
    await setLanguage('zh');
    expect(formatDuration(604_800, i18n.t)).toBe('7 天');
    expect(formatDuration(5_400, i18n.t)).toBe('1 小时 30 分钟');
    await setLanguage('tw');
    expect(formatDuration(5_400, i18n.t)).toBe('1 小時 30 分鐘');
    expect(formatDuration(45, i18n.t)).toBe('45 秒');
  });
});
