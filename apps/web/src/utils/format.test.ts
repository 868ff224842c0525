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
