import { describe, expect, it } from 'vitest';
import { menuResource } from '@brewfleet/contracts/resources/menu';
import { initI18n, setLanguage } from '../app/i18n';
import { fieldRules } from './field-rules';

/** Runs a field's antd rules the way the form does; the first message, or null when all pass. */
async function firstError(rules: ReturnType<typeof fieldRules>, value: string): Promise<string | null> {
  for (const rule of rules) {
    if (typeof rule === 'function') continue;
    if (rule.pattern && value && !rule.pattern.test(value)) return String(rule.message);
    if (rule.validator) {
      try {
        await rule.validator(rule as never, value, () => undefined);
      } catch (error) {
        return (error as Error).message;
      }
    }
  }
  return null;
}

describe('the menu address field', () => {
  it("says 'The address is incorrect' unless it is a console route or http(s)://host, in three languages", async () => {
    const i18n = await initI18n('en');
    await setLanguage('en');
    const rules = () => fieldRules(i18n.t, 'url', menuResource.fields.url, 'Url', 'create');
    for (const good of ['', 'device/list', 'https://reports.example.com/a?b=1', 'http://localhost:8080'])
      expect(await firstError(rules(), good), good).toBeNull();
    expect(await firstError(rules(), 'javascript:alert(1)')).toBe('The address is incorrect');
    expect(await firstError(rules(), 'ftp://files.example.com')).toBe('The address is incorrect');
    await setLanguage('zh');
    expect(await firstError(rules(), 'http://')).toBe('地址不正确');
    await setLanguage('tw');
    expect(await firstError(rules(), 'mailto:a@b.c')).toBe('地址不正確');
  });
});
