import type { fieldRules } from '../resources/field-rules';

/** Runs a field's antd rules the way the form does; the first message, or null when all pass. */
export async function firstRuleError(
  rules: ReturnType<typeof fieldRules>,
  value: string,
): Promise<string | null> {
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
