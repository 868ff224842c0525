import { describe, expect, it } from 'vitest';
import { divRound, formatCents, roundCents, sumCents, toCents } from '../src/money.ts';
import { lineTax, orderTax, percentToMicros, taxRuleOf } from '../src/tax.ts';

const money = (t: { net: bigint; tax: bigint; gross: bigint }) => ({
  net: formatCents(t.net),
  tax: formatCents(t.tax),
  gross: formatCents(t.gross),
});

describe('money as exact cents', () => {
  it('reads and writes decimal strings with two places', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('0.05')).toBe(5n);
    expect(toCents('-3')).toBe(-300n);
    expect(toCents('-0')).toBe(0n);
    expect(formatCents(1250n)).toBe('12.50');
    expect(formatCents(-5n)).toBe('-0.05');
    expect(formatCents(toCents('9999999999999.99'))).toBe('9999999999999.99');
    for (const bad of ['', '1.234', '1e3', '0x10', '12,50', ' . ', 'NaN'])
      expect(() => toCents(bad), bad).toThrow(RangeError);
  });

  it('adds what floating point cannot', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatCents(sumCents([toCents('0.10'), toCents('0.20')]))).toBe('0.30');
  });

  it('rounds a division by each mode, symmetrically for negatives where the mode says so', () => {
    const cases: Array<[bigint, bigint, Record<string, bigint>]> = [
      [5n, 2n, { 'half-up': 3n, 'half-even': 2n, floor: 2n, ceil: 3n, down: 2n }],
      [7n, 2n, { 'half-up': 4n, 'half-even': 4n, floor: 3n, ceil: 4n, down: 3n }],
      [-5n, 2n, { 'half-up': -3n, 'half-even': -2n, floor: -3n, ceil: -2n, down: -2n }],
      [10n, 3n, { 'half-up': 3n, 'half-even': 3n, floor: 3n, ceil: 4n, down: 3n }],
      [6n, 3n, { 'half-up': 2n, 'half-even': 2n, floor: 2n, ceil: 2n, down: 2n }],
    ];
    for (const [n, d, want] of cases)
      for (const [mode, value] of Object.entries(want))
        expect(divRound(n, d, mode as 'half-up'), `${n}/${d} ${mode}`).toBe(value);
    expect(roundCents(1250n, 0, 'half-up')).toBe(1300n);
    expect(roundCents(1249n, 0, 'half-up')).toBe(1200n);
  });
});

describe('tax per line, by the country’s rule', () => {
  it('Taiwan: 5% included in the price, whole NT dollars rounded half up', () => {
    // NT$55: 55 × 5/105 = 2.619… → NT$3 of tax, NT$52 net.
    expect(money(lineTax({ amount: toCents('55'), rate: '5' }, taxRuleOf('TW')))).toEqual({
      net: '52.00',
      tax: '3.00',
      gross: '55.00',
    });
  });

  it('Japan: 8% included (takeaway food), fractions of a yen dropped', () => {
    // ¥390: 390 × 8/108 = 28.88… → ¥28.
    expect(money(lineTax({ amount: toCents('390'), rate: '8' }, taxRuleOf('jp')))).toEqual({
      net: '362.00',
      tax: '28.00',
      gross: '390.00',
    });
  });

  it('US: sales tax added on top, to the cent, half up', () => {
    // Two cups at $4.50 in New York City (8.875%): 9.00 × 0.08875 = 0.79875 → $0.80.
    expect(money(lineTax({ amount: toCents('9.00'), rate: '8.875' }, taxRuleOf('US')))).toEqual({
      net: '9.00',
      tax: '0.80',
      gross: '9.80',
    });
  });

  it('EU VAT included, to the cent; a reduced base taxes only part of the line', () => {
    // €3.50 at 19%: 3.50 × 19/119 = 0.5588… → €0.56.
    expect(money(lineTax({ amount: toCents('3.50'), rate: '19' }, taxRuleOf('DE')))).toEqual({
      net: '2.94',
      tax: '0.56',
      gross: '3.50',
    });
    // Half the line taxed at 10% (exclusive rule): 10.00 × 50% × 10% = 0.50.
    expect(money(lineTax({ amount: toCents('10.00'), rate: '10', base: '50' }, taxRuleOf('US'))).tax).toBe(
      '0.50',
    );
  });

  it('no rate, or a zero rate, is no tax; a refund line rounds like its sale', () => {
    expect(money(lineTax({ amount: toCents('4.00') }, taxRuleOf('HK'))).tax).toBe('0.00');
    expect(money(lineTax({ amount: toCents('4.00'), rate: '0' }, taxRuleOf('US'))).tax).toBe('0.00');
    const sale = lineTax({ amount: toCents('55'), rate: '5' }, taxRuleOf('TW'));
    const refund = lineTax({ amount: -toCents('55'), rate: '5' }, taxRuleOf('TW'));
    expect(refund.tax).toBe(-sale.tax);
    expect(refund.net).toBe(-sale.net);
  });

  it('an order’s tax is the sum of its lines, never recomputed on the total', () => {
    // Three $0.10 lines at 5% (exclusive): each 0.005 → 0.01; the order 0.03, not round(0.015) = 0.02.
    const order = orderTax(
      [0, 1, 2].map(() => ({ amount: toCents('0.10'), rate: '5' })),
      taxRuleOf('US'),
    );
    expect(formatCents(order.tax)).toBe('0.03');
    expect(formatCents(order.gross)).toBe('0.33');
    expect(order.gross).toBe(order.net + order.tax);
  });

  it('refuses rates that are not plain percentages', () => {
    expect(percentToMicros('8.875')).toBe(88_750n);
    for (const bad of ['-5', '5%', '1e2', '0.00001', '1000'])
      expect(() => percentToMicros(bad), bad).toThrow();
  });
});
