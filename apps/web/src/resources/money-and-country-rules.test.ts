import { describe, expect, it } from 'vitest';
import { couponResource } from '@brewfleet/contracts/resources/member';
import { productResource } from '@brewfleet/contracts/resources/product';
import { merchantResource } from '@brewfleet/contracts/resources/merchant';
import { initI18n, setLanguage } from '../app/i18n';
import { fieldRules } from './field-rules';
import { firstRuleError } from '../test/first-rule-error';

describe('money with a floor', () => {
  it('asks a coupon for a discount above 0 and a product for a price not below 0, in three languages', async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    const discount = () =>
      fieldRules(i18n.t, 'discountAmount', couponResource.fields.discountAmount, 'Discount', 'create');
    const price = () => fieldRules(i18n.t, 'price', productResource.fields.price, 'Price', 'create');
    expect(await firstRuleError(discount(), '0.50')).toBeNull();
    expect(await firstRuleError(discount(), '0')).toBe('Enter an amount above 0');
    expect(await firstRuleError(discount(), '-5')).toBe('Enter an amount above 0');
    expect(await firstRuleError(price(), '0')).toBeNull();
    expect(await firstRuleError(price(), '-1.00')).toBe('The amount cannot be negative');
    await setLanguage('zh');
    expect(await firstRuleError(discount(), '0.00')).toBe('请输入大于 0 的金额');
    await setLanguage('tw');
    expect(await firstRuleError(price(), '-0.01')).toBe('金額不能為負數');
  });
});

describe('a country', () => {
  it('is an ISO code a country holds, in either case: a name or XX is refused with the hint', async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    const country = () => fieldRules(i18n.t, 'country', merchantResource.fields.country, 'Country', 'create');
    for (const good of ['TW', 'hk', 'US']) expect(await firstRuleError(country(), good), good).toBeNull();
    for (const bad of ['Taiwan', 'XX', 'T'])
      expect(await firstRuleError(country(), bad), bad).toBe(
        'A country as its two-letter ISO code, such as TW, JP or US',
      );
    await setLanguage('tw');
    expect(await firstRuleError(country(), 'ZZ')).toBe('國家請填寫兩碼 ISO 代碼，例如 TW、JP 或 US');
  });
});
