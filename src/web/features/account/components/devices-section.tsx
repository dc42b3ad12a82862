import { HelpCircle, Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import type { DeviceSession } from '@domain/auth.schema';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate, formatInstantDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { useHydrated } from '../../../lib/use-hydrated';
import { useEndOtherSessions, useEndSession } from '../api/end-sessions';
import { useSessions } from '../api/get-sessions';
import { relativeTime } from '../lib/relative-time';
import { SettingsSection } from './settings-section';

const ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, unknown: HelpCircle } as const;

/** The devices signed in to the account; any other one can be signed out. */
export function DevicesSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  // 'Last active 5 minutes ago' is relative to the browser's now: the document says the day.
  const live = useHydrated();
  const timeZone = useTimeZone();
  const others = list.filter((s) => !s.current).length;

  const signOut = async (s: DeviceSession) => {
    try {
      await endOne.mutateAsync(s.id);
      toast.success('Signed out', { description: `${deviceName(s)} is no longer signed in.` });
    } catch {
      // shown by the query client
    }
  };
  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      toast.success('Signed out everywhere else', {
        description: `${ended} ${ended === 1 ? 'device was' : 'devices were'} signed out.`,
      });
    } catch {
      // shown by the query client
    }
  };

  return (
    <SettingsSection
      id="devices"
      title="Signed-in devices"
      description="Where your account is open now. Sign out any device you do not recognise, then change your password."
    >
      {sessions.isPending ? (
        <div role="status" className="space-y-3" aria-busy="true" aria-label="Loading devices">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : sessions.isError ? (
        <p className="text-sm text-taupe">
          We could not load your devices.{' '}
          <button
            type="button"
            className="cursor-pointer font-medium text-ink underline underline-offset-4"
            onClick={() => void sessions.refetch()}
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <ul className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory">
            {list.map((s) => {
              const Icon = ICONS[s.deviceType];
              return (
                <li key={s.id} className="flex items-center gap-4 px-4 py-4 sm:px-5">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-sand text-ink">
                    <Icon aria-hidden="true" className="size-[1.1rem]" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[0.95rem] font-medium">
                      {deviceName(s)}
                      {s.current && <Badge tone="success">This device</Badge>}
                    </p>
                    <p className="mt-0.5 text-xs text-stone">
                      {s.current
                        ? 'Active now'
                        : `Last active ${live ? relativeTime(s.lastActiveAt) : formatInstantDate(s.lastActiveAt, timeZone)}`}{' '}
                      · Signed in {formatDate(s.signedInAt.slice(0, 10))}
                    </p>
                  </div>
                  {!s.current && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void signOut(s)}
                      disabled={endOne.isPending}
                      aria-label={`Sign out ${deviceName(s)}`}
                    >
                      Sign out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <Button
              variant="outline"
              onClick={() => void signOutOthers()}
              disabled={others === 0 || endOthers.isPending}
            >
              {endOthers.isPending ? 'Signing out...' : 'Sign out of all other devices'}
            </Button>
            {others === 0 && <p className="text-sm text-stone">This is the only device signed in.</p>}
          </div>
        </>
      )}
    </SettingsSection>
  );
}

function deviceName(s: DeviceSession): string {
  return `${s.browser} on ${s.os}`;
}
