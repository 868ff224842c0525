/** antd Form rules built from the validators, with the spec §5 messages (translated). */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@brewfleet/contracts/enums';
import { isDigits, isEmail, isExternalLink, isPhone, isUrl, passwordsMatch } from './validators';

type Check = (value: string) => boolean;

/** Empty values pass; `required` is a separate rule. */
function patternRule(check: Check, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || check(String(value))
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

export const rules = {
  email: (t: TFunction) => patternRule(isEmail, t('validation.emailError')),
  phone: (t: TFunction) => patternRule(isPhone, t('validation.phoneError')),
  url: (t: TFunction) => patternRule(isUrl, t('validation.addressIncorrect')),
  externalLink: (t: TFunction) => patternRule(isExternalLink, t('validation.externalLinkError')),
  digits: (t: TFunction) => patternRule(isDigits, t('validation.onlyNumbers')),
  passwordLength: (t: TFunction): FormRule => ({
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    message: t('validation.passwordLength'),
  }),
  /** The confirmation must be filled and equal the field `passwordField`. */
  confirmPassword: (t: TFunction, passwordField = 'password'): FormRule[] => [
    { required: true, message: t('validation.passwordEmpty') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        passwordsMatch(getFieldValue(passwordField) as string | undefined, value)
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.passwordMismatch'))),
    }),
  ],
};
