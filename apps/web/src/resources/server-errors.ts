/** A 400 with `errors:[{field,message}]` → messages on the form's fields. */
import type { FormInstance } from 'antd';
import { ApiError } from '../api/api-error';

export function showFieldErrors(form: FormInstance, error: unknown, fieldNames: string[]): boolean {
  if (!(error instanceof ApiError) || !error.errors.length) return false;
  const byField = new Map<string, string[]>();
  for (const e of error.errors) {
    if (!e.field || !fieldNames.includes(e.field)) continue;
    byField.set(e.field, [...(byField.get(e.field) ?? []), e.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size > 0;
}
