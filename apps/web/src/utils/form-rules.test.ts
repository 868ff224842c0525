import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../locales/en';
import { rules } from './form-rules';

/** A translator over the English texts, enough to read the messages. */
const t = ((key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en)) as unknown as TFunction;

async function check(rule: FormRule, value: unknown, form?: Partial<FormInstance>): Promise<string | null> {
  const resolved = typeof rule === 'function' ? rule(form as FormInstance) : rule;
  try {
    await resolved.validator?.(resolved as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('form rules', () => {
  it('use the spec messages', async () => {
    expect(await check(rules.email(t), 'x@')).toBe('Email error');
    expect(await check(rules.email(t), '')).toBeNull();
    expect(await check(rules.phone(t), 'abc')).toBe('Cell phone number error');
    expect(await check(rules.digits(t), '12a')).toBe('Only numbers can be filled');
    expect(await check(rules.url(t), 'nope')).toBe('The address is incorrect');
  });

  it('confirm password: not empty and equal', async () => {
    const [required, same] = rules.confirmPassword(t);
    expect(required).toMatchObject({ required: true, message: 'Password cannot be empty' });
    const form = { getFieldValue: () => 'Secret-123' };
    expect(await check(same, 'Secret-124', form)).toBe('Inconsistent password inputs');
    expect(await check(same, 'Secret-123', form)).toBeNull();
  });
});
