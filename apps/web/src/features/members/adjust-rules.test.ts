import { describe, expect, it } from 'vitest';
import { amountProblem, pointsBody, pointsProblem, walletBody } from './adjust-rules';

describe('wallet and points rules', () => {
  it('takes a signed amount with at most two decimals, never zero', () => {
    for (const ok of ['20', '+20', '-5', '-5.5', '-5.50', ' 12.34 '])
      expect(amountProblem(ok), ok).toBeNull();
    for (const bad of ['', 'abc', '1.234', '5,00', '--5', '1e3', '12345678901', undefined])
      expect(amountProblem(bad), String(bad)).toBe('invalidAmount');
    for (const zero of ['0', '-0.00', '+0.0']) expect(amountProblem(zero), zero).toBe('notZero');
  });

  it('takes a signed whole number of points up to a million either way, never zero', () => {
    for (const ok of ['100', '-50', '+1', '1000000', '-1000000']) expect(pointsProblem(ok), ok).toBeNull();
    for (const bad of ['1.5', '', 'ten', '1000001', '-2000000'])
      expect(pointsProblem(bad), bad).toBe('invalidPoints');
    expect(pointsProblem('-0')).toBe('notZero');
  });

  it('sends the amount as typed (trimmed) and the points as a number, with the reason trimmed', () => {
    expect(walletBody('7', { kind: 'adjustment', amount: ' -5.50 ', reason: ' broken cup ' })).toEqual({
      memberId: '7',
      kind: 'adjustment',
      amount: '-5.50',
      reason: 'broken cup',
    });
    expect(pointsBody('7', { points: ' -50 ', reason: 'typo' })).toEqual({
      memberId: '7',
      points: -50,
      reason: 'typo',
    });
  });
});
