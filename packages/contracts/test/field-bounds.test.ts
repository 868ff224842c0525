/**
 * Every value a field accepts fits its column (issue: bad input was a 500 where PostgreSQL refused it):
 * ids fit int8, int fields an integer column, money numeric(12, 2), dates real days.
 */
import { describe, expect, it } from 'vitest';
import {
  dateSchema,
  datetimeSchema,
  f,
  fieldInputSchema,
  idSchema,
  MAX_ID,
  parentIdSchema,
} from '../src/index.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('field bounds', () => {
  it('ids fit a bigint column', () => {
    expect(idSchema.parse(MAX_ID)).toBe(MAX_ID);
    const over = idSchema.safeParse('9223372036854775808');
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.message)).toContain('msg.idOutOfRange');
    expect(ok(idSchema, '9999999999999999999')).toBe(false);
    expect(ok(idSchema, 1e308)).toBe(false);
    expect(idSchema.parse(42)).toBe('42');
  });

  it('int fields without bounds of their own take those of an integer column', () => {
    const int = fieldInputSchema(f.int());
    expect(ok(int, 2147483647)).toBe(true);
    expect(ok(int, 2147483648)).toBe(false);
    expect(ok(int, -2147483649)).toBe(false);
    expect(ok(fieldInputSchema(f.int({ min: 0, max: 9999 })), 10000)).toBe(false);
  });

  it('numbers and money are bounded, as JSON numbers too', () => {
    expect(ok(fieldInputSchema(f.number()), 1e308)).toBe(false);
    expect(ok(fieldInputSchema(f.number()), 123.5)).toBe(true);
    const money = fieldInputSchema(f.money());
    expect(money.parse(9999999999.99)).toBe('9999999999.99');
    expect(ok(money, 1e308)).toBe(false);
    expect(ok(money, -1e11)).toBe(false);
    expect(ok(money, '99999999999')).toBe(false);
  });

  it('dates are real days of the years 1 to 9999', () => {
    expect(ok(dateSchema, '2028-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '0000-01-01', '99999-01-01'])
      expect(ok(dateSchema, bad)).toBe(false);
    expect(ok(datetimeSchema, '2026-01-15T08:00:00+08:00')).toBe(true);
    expect(ok(datetimeSchema, '0000-01-01T00:00:00Z')).toBe(false);
  });

  it('a top-level parent may be sent as "0", as the trees answer it', () => {
    expect(parentIdSchema.parse('0')).toBeNull();
    expect(parentIdSchema.parse(0)).toBeNull();
    expect(parentIdSchema.parse('12')).toBe('12');
    expect(ok(parentIdSchema, '00')).toBe(false);
    expect(fieldInputSchema(f.ref('menu', { topLevelZero: true })).parse('0')).toBeNull();
    expect(ok(fieldInputSchema(f.ref('menu')), '0')).toBe(false);
  });
});
