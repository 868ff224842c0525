/**
 * Validation helpers of spec §5, shared by every form. Each returns true when the value passes; the
 * antd rule builders in form-rules.ts turn them into field messages.
 */
import { EMAIL_PATTERN, PHONE_PATTERN } from '@brewfleet/contracts/resource';

/** local-part@domain, the domain a host name or a bracketed IPv4 address (`a@[192.168.0.1]`). */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** An address the console may open: http(s)://host… or a bare {host}[/path] such as `example.com/a`. */
export function isUrl(value: string): boolean {
  const text = value.trim();
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text).hostname.length > 0;
    } catch {
      return false;
    }
  }
  return /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/.test(
    text,
  );
}

/** A link shown to users: begins with http, https, mailto or tel. */
export function isExternalLink(value: string): boolean {
  return /^(?:https?:|mailto:|tel:)/i.test(value.trim());
}

export function isDigits(value: string): boolean {
  return /^\d+$/.test(value.trim());
}

export function passwordsMatch(password: string | undefined, confirm: string | undefined): boolean {
  return (password ?? '') === (confirm ?? '');
}
