import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { getProfileQueryOptions, useProfile } from '../api/get-profile';
import { getSessionsQueryOptions } from '../api/get-sessions';
import { DataSection } from '../components/data-section';
import { DeleteSection } from '../components/delete-section';
import { DevicesSection } from '../components/devices-section';
import { EmailSection } from '../components/email-section';
import { PasswordSection } from '../components/password-section';
import { PlanSection } from '../components/plan-section';
import { ProfileSection } from '../components/profile-section';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import { getSubscriptionQueryOptions } from '../../plans';
import { FitDetailsSection, getFitDetailsQueryOptions } from '../../reviews';
import type { Route } from './+types/account';

/** Her profile (name, address, gender), her plan, her fit details and the devices signed in. */
const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getProfileQueryOptions()),
    // "Your plan" (decision 0058).
    queryClient.prefetchQuery(getSubscriptionQueryOptions()),
    queryClient.prefetchQuery(getFitDetailsQueryOptions()),
    queryClient.prefetchQuery(getSessionsQueryOptions()),
  ]);

export function loader({ context }: Route.LoaderArgs) {
  return loadPage(context, queries);
}

export function clientLoader() {
  return clientLoadPage(queries);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Account settings · Rentique',
    description:
      'Your Rentique account: profile, e-mail address, password, devices, your data and deleting the account.',
    noindex: true,
  });

const SECTIONS = [
  { id: 'profile', label: 'Your details' },
  { id: 'fit', label: 'Fit details' },
  { id: 'email', label: 'Email address' },
  { id: 'password', label: 'Password' },
  { id: 'devices', label: 'Signed-in devices' },
  { id: 'plan', label: 'Plan and delivery' },
  { id: 'data', label: 'Your data' },
  { id: 'delete', label: 'Delete account' },
] as const;

/** /account: the dashboard's Account Settings: details, e-mail, password, devices, data, deletion. */
export default function Component() {
  const profile = useProfile();
  useEmailLinkOutcome();

  return (
    <div className="container-page pb-24">
      <Link
        to={paths.dashboard}
        className="mt-8 inline-flex items-center gap-2 text-sm text-taupe hover:text-ink md:mt-10"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
      </Link>
      <PageHeader eyebrow="Your account" title="Account settings" className="pt-6 md:pt-8">
        Your details, how you sign in, and what we keep about you.
      </PageHeader>

      <div className="lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-label="Account settings sections" className="hidden lg:block">
          <ul className="sticky top-28 space-y-1 border-t border-linen pt-10 text-sm">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="block rounded-sm py-1.5 text-taupe transition-colors hover:text-ink">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {profile.isPending ? (
            <div
              role="status"
              className="space-y-6 border-t border-linen py-12"
              aria-busy="true"
              aria-label="Loading your account"
            >
              <Skeleton className="h-8 w-48" />
              <Skeleton className="h-11 max-w-xl" />
              <Skeleton className="h-11 max-w-xl" />
            </div>
          ) : profile.isError ? (
            <div className="border-t border-linen py-12 text-sm text-taupe">
              We could not load your account.{' '}
              <button
                type="button"
                className="cursor-pointer font-medium text-ink underline underline-offset-4"
                onClick={() => void profile.refetch()}
              >
                Try again
              </button>
            </div>
          ) : (
            <>
              <ProfileSection profile={profile.data} />
              <EmailSection profile={profile.data} />
            </>
          )}
          <FitDetailsSection />
          <PasswordSection />
          <DevicesSection />
          <PlanSection />
          <DataSection />
          <DeleteSection />
        </div>
      </div>
    </div>
  );
}

/** A confirmation link lands here (?email=changed or =confirmed, with &error= when it failed): say how it went, once. */
function useEmailLinkOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('email');
  const error = params.get('error');
  useEffect(() => {
    if (!outcome && !error) return;
    if (error)
      toast.error('That link no longer works', {
        description: 'It may have expired or been used already. Ask for a new one below.',
      });
    else if (outcome === 'changed') toast.success('Your email address has been changed');
    else if (outcome === 'confirmed') toast.success('Your email address is confirmed');
    setParams({}, { replace: true });
  }, [outcome, error, setParams]);
}
