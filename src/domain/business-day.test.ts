import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessDay,
  dayCounter,
  dayEnd,
  dayStart,
  DEFAULT_BUSINESS_TIME_ZONE,
  isTimeZone,
  timeZoneFromCookie,
  zoneOffsetsOfYear,
} from './business-day';

const NY = 'America/New_York';

describe('businessDay', () => {
  it('is the New York day at 8 pm and 11:30 pm ET, when UTC has already moved on', () => {
    // 2026-11-28 20:00 EST (UTC-5) = 2026-11-29 01:00 UTC.
    expect(businessDay(new Date('2026-11-29T01:00:00Z'), NY)).toBe('2026-11-28');
    // 23:30 New York is 04:30 UTC the next day.
    expect(businessDay(new Date('2026-11-29T04:30:00Z'), NY)).toBe('2026-11-28');
    expect(businessDay(new Date('2026-11-29T04:59:59.999Z'), NY)).toBe('2026-11-28');
    expect(businessDay(new Date('2026-11-29T05:00:00Z'), NY)).toBe('2026-11-29');
    expect(businessDay(new Date('2026-11-29T04:30:00Z'), 'UTC')).toBe('2026-11-29');
  });

  it('follows daylight saving time: midnight is 04:00 UTC in summer, 05:00 UTC in winter', () => {
    // Summer (EDT, UTC-4).
    expect(businessDay(new Date('2026-07-04T03:59:59Z'), NY)).toBe('2026-07-03');
    expect(businessDay(new Date('2026-07-04T04:00:00Z'), NY)).toBe('2026-07-04');
    // The spring-forward day (2026-03-08: 02:00 EST -> 03:00 EDT) is 23 hours long.
    expect(businessDay(new Date('2026-03-08T04:59:59Z'), NY)).toBe('2026-03-07');
    expect(businessDay(new Date('2026-03-08T05:00:00Z'), NY)).toBe('2026-03-08');
    expect(businessDay(new Date('2026-03-09T03:59:59Z'), NY)).toBe('2026-03-08');
    expect(businessDay(new Date('2026-03-09T04:00:00Z'), NY)).toBe('2026-03-09');
    // The fall-back day (2026-11-01: 02:00 EDT -> 01:00 EST) is 25 hours long.
    expect(businessDay(new Date('2026-11-01T03:59:59Z'), NY)).toBe('2026-10-31');
    expect(businessDay(new Date('2026-11-01T04:00:00Z'), NY)).toBe('2026-11-01');
    expect(businessDay(new Date('2026-11-02T04:59:59Z'), NY)).toBe('2026-11-01');
    expect(businessDay(new Date('2026-11-02T05:00:00Z'), NY)).toBe('2026-11-02');
  });

  it('crosses months and years, east of UTC too', () => {
    expect(businessDay(new Date('2027-01-01T04:59:00Z'), NY)).toBe('2026-12-31');
    expect(businessDay(new Date('2026-12-31T15:00:00Z'), 'Pacific/Auckland')).toBe('2027-01-01');
  });

  it('takes an ISO string or milliseconds, and refuses what is not an instant', () => {
    expect(businessDay('2026-11-29T01:00:00.000Z', NY)).toBe('2026-11-28');
    expect(businessDay(Date.parse('2026-11-29T01:00:00Z'), NY)).toBe('2026-11-28');
    expect(() => businessDay('yesterday', NY)).toThrow(RangeError);
  });
});

describe('dayCounter', () => {
  it('answers as businessDay does for any run of instants, across midnights and DST changes', () => {
    // 2026-03-01 to 2026-12-01: both of New York's DST changes; Sydney's and Kathmandu's offsets too.
    const instant = fc.integer({ min: Date.UTC(2026, 2, 1), max: Date.UTC(2026, 11, 1) });
    const near = fc.tuple(
      instant,
      fc.array(fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }), { maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.constantFrom(NY, 'Australia/Sydney', 'Asia/Kathmandu', 'UTC'), near, (zone, [start, steps]) => {
        const count = dayCounter(zone);
        let t = start;
        for (const step of [0, ...steps]) {
          t += step;
          expect(count(t)).toBe(businessDay(t, zone));
        }
      }),
    );
  });

  it('is exact at the edges of a day, on the day clocks go back', () => {
    const count = dayCounter(NY);
    // 2026-11-01 is 25 hours long in New York: it starts at 04:00 UTC and the 2nd at 05:00 UTC.
    expect(count(Date.parse('2026-11-01T12:00:00Z'))).toBe('2026-11-01');
    expect(count(Date.parse('2026-11-02T04:59:59.999Z'))).toBe('2026-11-01');
    expect(count(Date.parse('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    expect(count(Date.parse('2026-11-01T03:59:59.999Z'))).toBe('2026-10-31');
    expect(() => count(Number.NaN)).toThrow(RangeError);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses the rest', () => {
    expect(isTimeZone(DEFAULT_BUSINESS_TIME_ZONE)).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('EST; drop table')).toBe(false);
  });
});

describe('dayEnd', () => {
  it("is the next day's first instant: a 23-hour day in March, a 25-hour one in November", () => {
    expect(dayEnd('2026-03-08', NY).getTime() - dayStart('2026-03-08', NY).getTime()).toBe(23 * 3_600_000);
    expect(dayEnd('2026-11-01', NY).getTime() - dayStart('2026-11-01', NY).getTime()).toBe(25 * 3_600_000);
    expect(dayEnd('2026-11-30', NY).toISOString()).toBe('2026-12-01T05:00:00.000Z');
    expect(businessDay(dayEnd('2026-11-30', NY).getTime() - 1, NY)).toBe('2026-11-30');
  });
});

describe('dayStart', () => {
  it("is the zone's midnight as an instant, in winter, in summer and on DST days", () => {
    expect(dayStart('2026-11-28', NY).toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(dayStart('2026-07-04', NY).toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(dayStart('2026-03-08', NY).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-03-09', NY).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStart('2026-11-01', NY).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(dayStart('2026-11-02', NY).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(dayStart('2026-11-28', 'UTC').toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(dayStart('2027-01-01', 'Pacific/Auckland').toISOString()).toBe('2026-12-31T11:00:00.000Z');
  });

  it('is the first instant of that business day and the one before is the day before', () => {
    for (const day of ['2026-03-08', '2026-03-09', '2026-11-01', '2026-11-02', '2026-12-31']) {
      const start = dayStart(day, NY).getTime();
      expect(businessDay(start, NY)).toBe(day);
      expect(businessDay(start - 1, NY)).not.toBe(day);
    }
  });
});

describe('timeZoneFromCookie', () => {
  it('reads a real zone from the tz cookie and ignores anything else', () => {
    expect(timeZoneFromCookie('a=1; tz=America%2FLos_Angeles; b=2')).toBe('America/Los_Angeles');
    expect(timeZoneFromCookie('tz=Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneFromCookie('xtz=Europe/Paris')).toBeNull();
    expect(timeZoneFromCookie('tz=Mars%2FOlympus')).toBeNull();
    expect(timeZoneFromCookie('tz=%E0%A4%A')).toBeNull();
    expect(timeZoneFromCookie(undefined)).toBeNull();
  });
});

describe('zoneOffsetsOfYear', () => {
  it("gives each month's offset with getTimezoneOffset's sign, DST months included", () => {
    expect(zoneOffsetsOfYear(NY, 2026)).toEqual({
      year: 2026,
      minutes: [300, 300, 300, 240, 240, 240, 240, 240, 240, 240, 300, 300],
    });
    expect(zoneOffsetsOfYear('Asia/Kolkata', 2026).minutes).toEqual(Array<number>(12).fill(-330));
    expect(zoneOffsetsOfYear('UTC', 2027)).toEqual({ year: 2027, minutes: Array<number>(12).fill(0) });
  });

  it("is what this process's own clock says in its own zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const year of [2026, 2031]) {
      const clock = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(year, m, 1, 12)).getTimezoneOffset());
      expect(zoneOffsetsOfYear(zone, year).minutes).toEqual(clock);
    }
  });
});
