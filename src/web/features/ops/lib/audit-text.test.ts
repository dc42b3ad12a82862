import { describe, expect, it } from 'vitest';
import { fieldLabel, fieldValue, subjectText } from './audit-text';

describe('the audit log in words', () => {
  it('names fields in words, never as the code wrote them', () => {
    expect(fieldLabel('amountCents')).toBe('Amount');
    expect(fieldLabel('lateFeeCents')).toBe('Late fee');
    expect(fieldLabel('lateFeeStatus')).toBe('Late fee status');
    expect(fieldLabel('unitState')).toBe('Unit state');
    expect(fieldLabel('careInstructions')).toBe('Care instructions');
    expect(fieldLabel('daysLate')).toBe('Days late');
    expect(fieldLabel('rentalPriceCents')).toBe('Weekly price');
    expect(fieldLabel('depositCents')).toBe('Deposit');
    expect(fieldLabel('note')).toBe('Note');
    expect(fieldLabel('review_reason')).toBe('Review reason');
  });

  it('shows amounts as money, codes as words, yes/no and lists', () => {
    expect(fieldValue('amountCents', 4500)).toBe('$45.00');
    expect(fieldValue('lateFeeCents', 0)).toBe('$0.00');
    expect(fieldValue('rentalPriceCents', 123456)).toBe('$1,234.56');
    expect(fieldValue('unitState', 'with_member')).toBe('with member');
    expect(fieldValue('handoff', 'in-store')).toBe('in store');
    expect(fieldValue('refund', true)).toBe('Yes');
    expect(fieldValue('note', null)).toBe('—');
    expect(
      fieldValue('units', [
        { size: 'M', count: 2 },
        { size: 'L', count: 1 },
      ]),
    ).toBe('M × 2, L × 1');
    expect(fieldValue('units', ['RT-000001', 'RT-000002'])).toBe('RT-000001, RT-000002');
    expect(fieldValue('photos', 3)).toBe('3');
    expect(fieldValue('name', 'with_underscores_kept')).toBe('with_underscores_kept');
    expect(fieldValue('fee', { amountCents: 700, status: 'charged' })).toBe('Amount: $7.00; Status: charged');
  });

  it('names each kind of subject', () => {
    expect(subjectText({ subjectType: 'rental', subjectId: '12' })).toBe('rental #12');
    expect(subjectText({ subjectType: 'unit', subjectId: 'RT-000012' })).toBe('unit RT-000012');
    expect(subjectText({ subjectType: 'claim', subjectId: '3' })).toBe('damage claim #3');
    expect(subjectText({ subjectType: 'item', subjectId: '5' })).toBe('catalogue item #5');
    expect(subjectText({ subjectType: 'listing', subjectId: '90' })).toBe('listing #90');
    expect(subjectText({ subjectType: 'user', subjectId: 'u1', after: { email: 'sam@example.com' } })).toBe(
      'account sam@example.com',
    );
  });
});
