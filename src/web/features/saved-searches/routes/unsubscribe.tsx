import { Form, data, useActionData, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { apiErrorOf } from '../../../lib/api-client';
import { pageMeta } from '../../../lib/meta';
import type { Route } from './+types/unsubscribe';

/** POST: alerts off for the search of the e-mail's token (no sign-in needed). */
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '');
  const res = await context.apiFetch(
    new Request(new URL('/api/saved-searches/unsubscribe', context.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    }),
  );
  if (res.ok) return { done: ((await res.json()) as { name: string }).name, message: null };
  const error = await apiErrorOf(res);
  return data({ done: null, message: error?.message ?? 'Something went wrong.' }, { status: res.status });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Stop search alerts · Rentique',
    description: 'Stop e-mails for a saved search.',
    noindex: true,
  });

/**
 * /saved-searches/unsubscribe?token=… (the alert e-mail's link): a button, not a change on
 * opening, so a mail scanner following the link changes nothing.
 */
export default function Component() {
  const [sp] = useSearchParams();
  const result = useActionData<typeof action>() as { done: string | null; message: string | null } | undefined;
  return (
    <div className="container-page max-w-xl py-16">
      <PageHeader eyebrow="Saved searches" title="Stop these e-mails" />
      {result?.done ? (
        <p role="status" className="mt-6 text-lg">
          Alerts for “{result.done}” are off. You can switch them on again in your saved searches.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={sp.get('token') ?? ''} />
          <p className="text-taupe">We will no longer e-mail you about new pieces for this saved search.</p>
          {result?.message && (
            <p role="alert" className="text-sm text-ink">
              {result.message}
            </p>
          )}
          <Button type="submit">Stop e-mails</Button>
        </Form>
      )}
    </div>
  );
}
