import { Sparkles } from 'lucide-react';
import { Form, Link, data, redirect, useActionData, useNavigation, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';
import { pageMeta } from '../../../lib/meta';
import { browserQueryClient } from '../../../lib/query-client';
import { invalidate } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { clientLoadPage, loadPage, loginRedirect, type PageQueries } from '../../../lib/page-data';
import { creditKeys, getInviteQueryOptions, useInvite } from '../api/get-credit';
import { postJson, refusalOf, type Refused } from '../api/post-json';
import type { Route } from './+types/invite';

const CODE = /^[A-Za-z0-9-]{3,40}$/;
const queries =
  (code: string): PageQueries =>
  (queryClient) =>
    queryClient.ensureQueryData(getInviteQueryOptions(code));

export function loader({ context, params }: Route.LoaderArgs) {
  return CODE.test(params.code) ? loadPage(context, queries(params.code)) : data({ status: 404 }, { status: 404 });
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return CODE.test(params.code) ? clientLoadPage(queries(params.code)) : { status: 404 };
}

/** POST /invite/{code}: she accepts (POST /api/referrals/accept), then her referral page. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url));
  const res = await postJson(context, '/api/referrals/accept', { code: params.code });
  if (res.ok) return redirect(`${paths.referrals}?joined=1`);
  return data<Refused>(await refusalOf(res), { status: res.status });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } finally {
    await invalidate(browserQueryClient(), [creditKeys.all]);
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'You are invited · Rentique',
    description: 'Join Rentique with a friend’s invitation: store credit for you both after your first rental.',
    noindex: true,
  });

/** /invite/{code} (public): who invites her and what they both get; signed in, the form that accepts it. */
export default function Component() {
  const { code = '' } = useParams();
  const invite = useInvite(code);
  const signedIn = !!useSession().data;
  const refused = useActionData<typeof action>() as Refused | undefined;
  const busy = useNavigation().state === 'submitting';
  if (invite.isPending)
    return (
      <div className="container-page max-w-2xl py-16">
        <Skeleton className="h-48" />
      </div>
    );
  if (invite.isError)
    return (
      <div className="container-page max-w-2xl py-16">
        <EmptyState title="This invitation is not known">
          <p>Please check the link with the friend who sent it.</p>
        </EmptyState>
      </div>
    );
  const i = invite.data;
  return (
    <div className="container-page max-w-2xl pb-16">
      <PageHeader eyebrow="An invitation" title={`${i.inviterName} invites you to Rentique`}>
        <p>
          Join, rent your first piece, and once it is sent to you, you and {i.inviterName} each get{' '}
          {formatCents(i.rewardCents)} of store credit.
        </p>
      </PageHeader>
      <div className="rounded-md border border-linen/80 bg-ivory p-6 shadow-soft">
        {refused && (
          <p role="alert" className="mb-4 rounded-sm border border-danger/40 px-4 py-3 text-sm text-danger">
            {refused.error}
          </p>
        )}
        {signedIn ? (
          <Form method="post">
            <Button type="submit" disabled={busy} aria-busy={busy}>
              <Sparkles aria-hidden="true" /> {busy ? 'Accepting…' : 'Accept the invitation'}
            </Button>
          </Form>
        ) : (
          <p className="flex flex-wrap items-center gap-4">
            <Link to={paths.signup} className="inline-flex min-h-11 items-center rounded-sm bg-ink px-5 text-ivory">
              Create your account
            </Link>
            <span className="text-sm text-taupe">
              then open this link again to accept it, or{' '}
              <Link className="underline" to={`${paths.login}?from=${encodeURIComponent(`/invite/${i.code}`)}`}>
                sign in
              </Link>
              .
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
