import Bowser from 'bowser';
import type { DeviceSession } from '../../../domain/auth.schema';

/** A timestamp from better-auth's tables (a Date on PostgreSQL, a string on SQLite) as ISO 8601. */
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** "Chrome 131", "Safari 18.1" and "macOS", "iOS 18" from a user agent; "Unknown ..." when it says nothing. */
export function describeUserAgent(
  userAgent: string | null | undefined,
): Pick<DeviceSession, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', deviceType: 'unknown' };
  const ua = Bowser.parse(userAgent);
  const major = ua.browser.version?.split('.').slice(0, 1).join('');
  const browser = ua.browser.name ? `${ua.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
  const osVersion = ua.os.versionName ?? ua.os.version?.split('.').slice(0, 2).join('.');
  const os = ua.os.name ? `${ua.os.name}${osVersion ? ` ${osVersion}` : ''}` : 'Unknown system';
  const type = ua.platform.type;
  const deviceType = type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'unknown';
  return { browser, os, deviceType };
}
