/**
 * A form's values once its rules pass, or null when they do not (antd shows each field's message).
 * `form.validateFields()` rejects instead, and a rejection that nothing awaits (a button's
 * `void save()`, a dialog's `onOk`) surfaces as an uncaught error in the page.
 */
import type { FormInstance } from 'antd';

/** What antd rejects with when a rule fails (not an Error: it carries the fields and their messages). */
function isRuleFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errorFields' in error;
}

export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    if (isRuleFailure(error)) return null;
    throw error;
  }
}
