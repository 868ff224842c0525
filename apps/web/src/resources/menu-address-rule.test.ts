import { describe, expect, it } from 'vitest';
import { menuResource } from '@brewfleet/contracts/resources/menu';
import { initI18n, setLanguage } from '../app/i18n';
import { fieldRules } from './field-rules';
import { firstRuleError } from '../test/first-rule-error';

describe('the menu address field', () => {
  it("says 'The address is incorrect' unless it is a console route or http(s)://host, in three languages", async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    const rules = () => fieldRules(i18n.t, 'url', menuResource.fields.url, 'Url', 'create');
    for (const good of ['', 'device/list', 'https://reports.example.com/a?b=1', 'http://localhost:8080'])
      expect(await firstRuleError(rules(), good), good).toBeNull();
    expect(await firstRuleError(rules(), 'javascript:alert(1)')).toBe('The address is incorrect');
    expect(await firstRuleError(rules(), 'ftp://files.example.com')).toBe('The address is incorrect');
    await setLanguage('zh');
    expect(await firstRuleError(rules(), 'http://')).toBe('地址不正确');
    await setLanguage('tw');
    expect(await firstRuleError(rules(), 'mailto:a@b.c')).toBe('地址不正確');
  });
});
