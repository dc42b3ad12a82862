import { describe, expect, it } from 'vitest';
import { centsAsDecimal, formatCents, parseCents } from './money';

describe('parseCents', () => {
  it.each([
    ['45', 4500],
    ['45.5', 4550],
    [' $1,234.50 ', 123450],
    ['12,5', 1250],
    ['12,50', 1250],
    ['.99', 99],
    ['19.999', 2000],
    ['0', 0],
  ])('%j -> %d cents', (text, cents) => expect(parseCents(text)).toBe(cents));

  it('empty text is no amount', () => {
    expect(parseCents('')).toBeNull();
    expect(parseCents('  $ ')).toBeNull();
  });

  it.each(['abc', '-5', '1.2.3', '12,3456', '1e3', 'Infinity'])('%j is not an amount (NaN)', (text) =>
    expect(parseCents(text)).toBeNaN(),
  );
});

describe('formatting', () => {
  it('formatCents and centsAsDecimal', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-50)).toBe('-$0.50');
    expect(centsAsDecimal(1250)).toBe('12.50');
    expect(centsAsDecimal(-5)).toBe('-0.05');
    expect(centsAsDecimal(parseCents('$1,234.50')!)).toBe('1234.50');
  });
});
