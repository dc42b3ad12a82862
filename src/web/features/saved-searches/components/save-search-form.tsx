import { Bookmark } from 'lucide-react';
import { Form, Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { useSession } from '../../../lib/session';

/**
 * "Save this search" on /browse (decision 0065): posts browse's query to /account/saved-searches
 * (works before the app runs). A visitor is asked to sign in first, and comes back to this search.
 */
export function SaveSearchForm({ params, suggestedName }: { params: string; suggestedName: string }) {
  const user = useSession().data?.user;
  const { pathname, search } = useLocation();
  if (!params) return null;
  if (!user)
    return (
      <p className="mt-6 text-sm text-taupe">
        <Bookmark className="mr-1 inline size-4" aria-hidden="true" />
        <Link
          to={`/login?from=${encodeURIComponent(pathname + search)}`}
          className="text-ink underline underline-offset-4 hover:text-taupe"
        >
          Sign in to save this search
        </Link>
      </p>
    );
  return (
    <Form
      method="post"
      action="/account/saved-searches"
      className="mt-6 space-y-3 border-t border-linen pt-5"
      aria-labelledby="save-search-heading"
    >
      <h3 id="save-search-heading" className="eyebrow">
        Save this search
      </h3>
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="params" value={params} />
      <div>
        <Label htmlFor="save-search-name">Name</Label>
        <Input id="save-search-name" name="name" defaultValue={suggestedName} maxLength={60} required />
      </div>
      <label className="flex items-start gap-2 text-sm text-taupe">
        <input type="checkbox" name="alerts" value="on" className="mt-1 accent-ink" />
        Tell me when new pieces match (at most one e-mail a day)
      </label>
      <Button type="submit" variant="outline" size="sm" className="w-full">
        Save search
      </Button>
    </Form>
  );
}
