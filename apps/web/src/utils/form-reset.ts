/**
 * Form reset (spec §5): restore every value to its initial state but keep the rules. Plain objects
 * hold data and rules together in older screens; this keeps `rules` and resets the rest.
 */
import type { FormInstance } from 'antd';

export function resetKeepingRules<T extends Record<string, unknown>>(
  current: T,
  initial: T,
  rulesKey = 'rules',
): T {
  const reset = structuredClone(initial);
  return { ...reset, [rulesKey]: current[rulesKey] } as T;
}

/** antd forms keep rules on the fields, so resetting values and errors keeps them by construction. */
export function resetForm(form: FormInstance): void {
  form.resetFields();
}
