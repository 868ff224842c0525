/**
 * The code a rule gives next: prefix + the running number zero-padded to `digits` + suffix. The
 * server's `POST /api/coffee/code-rule/next` formats the same way (and skips codes in use), so the
 * preview in the form reads exactly like the codes the rule will hand out.
 */
export interface CodeRuleParts {
  prefix?: unknown;
  suffix?: unknown;
  digits?: unknown;
  nextNumber?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const whole = (value: unknown, fallback: number) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Missing or invalid parts read as the definition's defaults (4 digits, number 1). */
export function previewCode({ prefix, suffix, digits, nextNumber }: CodeRuleParts): string {
  const width = Math.min(whole(digits, 4), 10);
  return `${text(prefix)}${String(whole(nextNumber, 1)).padStart(width, '0')}${text(suffix)}`;
}
