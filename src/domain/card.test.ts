import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  detectCardBrand,
  expiryProblem,
  expiryYears,
  formatCardNumber,
  lastFourOf,
  luhnValid,
  PaymentFormSchema,
  paymentFormSchemaAt,
  type PaymentFormInput,
} from './card';

const NOW = new Date('2026-11-22T10:00:00Z');

const valid = (over: Partial<PaymentFormInput> = {}): PaymentFormInput => ({
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '2028',
  cvv: '123',
  cardholderName: 'Ada Lovelace',
  billingAddress: { street: '1 Analytical Way', city: 'London', state: 'NY', zipCode: '10001' },
  ...over,
});

const issuesOf = (input: unknown, now = NOW) => {
  const r = paymentFormSchemaAt(now).safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('card number', () => {
  it('masks input to digits grouped in fours, at most 19 characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 abc 42')).toBe('4242 4242 42');
    expect(formatCardNumber('42424242424242429999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242424242424242').length).toBe(19);
    expect(formatCardNumber('')).toBe('');
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('42x2')).toBe(false);
  });

  it('detects the brand from the leading digits', () => {
    expect(detectCardBrand('4242 4242')).toBe('visa');
    expect(detectCardBrand('5555 5555 5555 4444')).toBe('mastercard');
    expect(detectCardBrand('2221 0000 0000 0009')).toBe('mastercard');
    expect(detectCardBrand('3782 822463 10005')).toBe('amex');
    expect(detectCardBrand('6011 1111 1111 1117')).toBe('discover');
    expect(detectCardBrand('3530 1113 3330 0000')).toBe('jcb');
    expect(detectCardBrand('3056 9309 0259 04')).toBe('diners');
    expect(detectCardBrand('9999')).toBe('unknown');
    expect(detectCardBrand('')).toBe('unknown');
  });

  it('keeps only the last four', () => {
    expect(lastFourOf('4242 4242 4242 1881')).toBe('1881');
  });

  it('accepts a good card and refuses letters, bad grouping, too many characters and a bad check digit', () => {
    expect(issuesOf(valid())).toEqual([]);
    expect(issuesOf(valid({ cardNumber: '4242424242424242' }))).toEqual([]);
    expect(issuesOf(valid({ cardNumber: '4242 4242 4242 424a' }))).toContainEqual({
      path: 'cardNumber',
      message: CARD_MESSAGES.cardNumberFormat,
    });
    expect(issuesOf(valid({ cardNumber: '42 4242 4242 4242' }))).toContainEqual({
      path: 'cardNumber',
      message: CARD_MESSAGES.cardNumberFormat,
    });
    expect(issuesOf(valid({ cardNumber: '4242 4242 4242 4242 4' }))[0]?.path).toBe('cardNumber');
    expect(issuesOf(valid({ cardNumber: '4242 4242 4242 4241' }))).toContainEqual({
      path: 'cardNumber',
      message: CARD_MESSAGES.cardNumberLuhn,
    });
    expect(issuesOf(valid({ cardNumber: '4242 4242' }))).toContainEqual({
      path: 'cardNumber',
      message: CARD_MESSAGES.cardNumberLength,
    });
  });
});

describe('the other fields', () => {
  it('wants CVV of 3-4 digits, ZIP of 5 digits, month 01-12', () => {
    expect(issuesOf(valid({ cvv: '1234' }))).toEqual([]);
    expect(issuesOf(valid({ cvv: '12' }))).toEqual([{ path: 'cvv', message: CARD_MESSAGES.cvv }]);
    expect(issuesOf(valid({ cvv: '12345' }))).toEqual([{ path: 'cvv', message: CARD_MESSAGES.cvv }]);
    expect(issuesOf(valid({ cvv: '12a' }))).toEqual([{ path: 'cvv', message: CARD_MESSAGES.cvv }]);
    expect(issuesOf(valid({ billingAddress: { ...valid().billingAddress, zipCode: '1234' } }))).toEqual([
      { path: 'billingAddress.zipCode', message: CARD_MESSAGES.zipCode },
    ]);
    expect(issuesOf(valid({ expiryMonth: '13' }))).toEqual([
      { path: 'expiryMonth', message: CARD_MESSAGES.expiryMonth },
    ]);
    expect(issuesOf(valid({ expiryMonth: '1' }))).toEqual([
      { path: 'expiryMonth', message: CARD_MESSAGES.expiryMonth },
    ]);
  });

  it('requires every field and defaults the country to US', () => {
    const parsed = PaymentFormSchema.parse(valid());
    expect(parsed.billingAddress.country).toBe('US');
    const missing = issuesOf({
      ...valid(),
      cardholderName: '   ',
      billingAddress: { street: '', city: 'x', state: 'y', zipCode: '10001' },
    });
    expect(missing).toEqual(
      expect.arrayContaining([
        { path: 'cardholderName', message: CARD_MESSAGES.required },
        { path: 'billingAddress.street', message: CARD_MESSAGES.required },
      ]),
    );
    const { cvv: _cvv, ...noCvv } = valid();
    expect(issuesOf(noCvv)).toEqual([{ path: 'cvv', message: CARD_MESSAGES.required }]);
  });
});

describe('expiry', () => {
  it('offers this year and the next 19', () => {
    const years = expiryYears(NOW);
    expect(years).toHaveLength(20);
    expect(years[0]).toBe('2026');
    expect(years[19]).toBe('2045');
    expect(expiryYears(new Date('2030-01-01T00:00:00Z'))[0]).toBe('2030');
  });

  it('accepts the current month and refuses a past month or year, or a year beyond the list', () => {
    expect(expiryProblem('11', '2026', NOW)).toBeNull();
    expect(expiryProblem('10', '2026', NOW)).toEqual({ path: 'expiryMonth', message: CARD_MESSAGES.expired });
    expect(expiryProblem('12', '2025', NOW)).toEqual({ path: 'expiryYear', message: CARD_MESSAGES.expired });
    expect(expiryProblem('01', '2045', NOW)).toBeNull();
    expect(expiryProblem('01', '2046', NOW)).toEqual({ path: 'expiryYear', message: CARD_MESSAGES.expiryYearRange });
    expect(issuesOf(valid({ expiryMonth: '10', expiryYear: '2026' }))).toEqual([
      { path: 'expiryMonth', message: CARD_MESSAGES.expired },
    ]);
    // The same card is fine a month earlier.
    expect(issuesOf(valid({ expiryMonth: '10', expiryYear: '2026' }), new Date('2026-10-31T23:59:59Z'))).toEqual([]);
  });
});
