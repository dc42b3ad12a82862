import { afterEach, describe, expect, it } from 'vitest';
import { TIME_ZONE_COOKIE, zoneOffsetsOfYear } from '@domain/business-day';
import { rememberTimeZone } from './time-zone';

/** The browser's zone cookie (decision 0047), written only when the page was rendered for another clock (0081). */

const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A zone whose clock is not this one's in January (the test runs in any zone). */
const elsewhere =
  zoneOffsetsOfYear('Asia/Kolkata', 2026).minutes[0] === new Date(Date.UTC(2026, 0, 1, 12)).getTimezoneOffset()
    ? 'America/New_York'
    : 'Asia/Kolkata';

function zoneCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
}

afterEach(() => {
  document.cookie = `${TIME_ZONE_COOKIE}=; path=/; max-age=0`;
});

describe('rememberTimeZone', () => {
  it("writes nothing when the page's zone has this browser's clock through the year, whatever its name", () => {
    rememberTimeZone(here, zoneOffsetsOfYear(here, 2026));
    expect(zoneCookie()).toBeUndefined();
    // Another name with this clock's offsets: the browser's zone is not asked for, so not written.
    rememberTimeZone('Somewhere/Same_Clock', zoneOffsetsOfYear(here, 2026));
    expect(zoneCookie()).toBeUndefined();
  });

  it("writes the browser's zone when the page's zone has another clock", () => {
    rememberTimeZone(elsewhere, zoneOffsetsOfYear(elsewhere, 2026));
    expect(decodeURIComponent(zoneCookie() ?? '')).toBe(here);
  });

  it('asks the browser when the page gave no offsets, and writes only another zone', () => {
    rememberTimeZone(here, undefined);
    expect(zoneCookie()).toBeUndefined();
    rememberTimeZone(elsewhere, undefined);
    expect(decodeURIComponent(zoneCookie() ?? '')).toBe(here);
  });
});
