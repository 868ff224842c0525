/** antd rules for one field of a definition, with the spec §5 messages. */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { MONEY_PATTERN, type FieldDef } from '@brewfleet/contracts/resource';
import { rules } from '../utils/form-rules';
import type { FormMode } from './field-meta';

const TEXT_KINDS = new Set(['text', 'textarea', 'email', 'phone']);
/** A definition's pattern message (a server message key) → the console's own text of it. */
const PATTERN_MESSAGES: Record<string, string> = {
  'msg.addressIncorrect': 'validation.addressIncorrect',
  'msg.invalidCountryCode': 'validation.countryCode',
};

export function fieldRules(
  t: TFunction,
  key: string,
  field: FieldDef,
  label: string,
  mode: FormMode,
): FormRule[] {
  const list: FormRule[] = [];
  if (key === 'confirmPassword') return rules.confirmPassword(t);
  // On edit a secret may stay empty: the stored value is kept.
  const keepsStored = mode === 'update' && field.kind === 'secret';
  if (field.required && !(mode === 'update' && field.createOnly) && !keepsStored) {
    const choose = ['enum', 'enums', 'ref', 'refs', 'time', 'image', 'images'].includes(field.kind);
    list.push({
      required: true,
      ...(TEXT_KINDS.has(field.kind) ? { whitespace: true } : {}),
      message:
        field.kind === 'password'
          ? t('validation.passwordEmpty')
          : t(choose ? 'validation.requiredSelect' : 'validation.required', { field: label }),
    });
  }
  if (TEXT_KINDS.has(field.kind)) {
    const max = field.max ?? (field.kind === 'textarea' ? 2000 : 255);
    list.push({ max, message: t('validation.maxLength', { max }) });
    if (field.min) list.push({ min: field.min, message: t('validation.minLength', { min: field.min }) });
  }
  // The definition's own pattern with a spec message (a menu's address …): the server checks the same.
  const patternMessage = PATTERN_MESSAGES[field.message ?? ''];
  if (field.pattern && patternMessage) list.push({ pattern: field.pattern, message: t(patternMessage) });
  if (field.kind === 'email') list.push(rules.email(t));
  if (field.kind === 'phone') list.push(rules.phone(t));
  if (field.kind === 'password' && key === 'password') list.push(rules.passwordLength(t));
  if (field.kind === 'money') list.push({ pattern: MONEY_PATTERN, message: t('validation.onlyNumbers') });
  if (field.kind === 'money' && field.min !== undefined) {
    const min = field.min;
    list.push({
      validator: (_r, value: string | undefined) =>
        value === undefined || value === '' || !MONEY_PATTERN.test(value) || Number(value) >= min
          ? Promise.resolve()
          : Promise.reject(
              new Error(t(min > 0 ? 'validation.moneyPositive' : 'validation.moneyNotNegative')),
            ),
    });
  }
  if (
    (field.kind === 'int' || field.kind === 'number') &&
    (field.min !== undefined || field.max !== undefined)
  ) {
    const min = field.min ?? Number.MIN_SAFE_INTEGER;
    const max = field.max ?? Number.MAX_SAFE_INTEGER;
    list.push({ type: 'number', min, max, message: t('validation.numberRange', { min, max }) });
  }
  if (field.kind === 'json') {
    list.push({
      validator: (_r, value: string | undefined) => {
        if (!value) return Promise.resolve();
        try {
          JSON.parse(value);
          return Promise.resolve();
        } catch {
          return Promise.reject(new Error(t('validation.invalidJson')));
        }
      },
    });
  }
  return list;
}
