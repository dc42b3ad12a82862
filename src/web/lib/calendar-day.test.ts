import { describe, expect, it } from 'vitest';
import { dayOfPicker, pickerDate } from './calendar-day';

describe('calendar-day', () => {
  it('a day and its picker Date go back and forth', () => {
    for (const day of ['2026-01-01', '2026-02-28', '2028-02-29', '2026-03-08', '2026-11-01', '2026-12-31'])
      expect(dayOfPicker(pickerDate(day))).toBe(day);
  });

  it("a picker Date's day is its local date, whatever the time", () => {
    expect(dayOfPicker(new Date(2026, 10, 29, 23, 59))).toBe('2026-11-29');
    expect(dayOfPicker(new Date(2026, 10, 29, 0, 0))).toBe('2026-11-29');
  });
});
