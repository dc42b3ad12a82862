import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import type { PageQueries } from '../../../lib/page-data';
import { OpsHeader, clientLoadDeskPage, deskMeta, loadDeskPage } from '../../ops';
import { getSendoffsQueryOptions, useSendoffs } from '../api/get-preloved';
import { SendoffsSection } from '../components/sendoffs-section';
import { afterDeskAction, forwardDesk, type DeskFormResult } from '../lib/desk-forward';
import type { Route } from './+types/desk-pre-loved';

const queries: PageQueries = (queryClient) => queryClient.prefetchQuery(getSendoffsQueryOptions());

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

/** POST /ops/pre-loved: mark a sold piece dispatched, then back to the page it was posted from (a desk page). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = Number(form.get('sendoffId')) || 0;
  const asked = typeof form.get('back') === 'string' ? (form.get('back') as string) : '';
  const back = /^\/ops(\/[\w-]*)*$/.test(asked) ? asked : paths.opsPreLoved;
  return forwardDesk(context, `/api/ops/preloved/sendoffs/${id}/dispatch`, undefined, back);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return afterDeskAction(serverAction);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Pre-loved');

/** /ops/pre-loved: pieces sold in the pre-loved sale to send, and those sent in the last 7 days. */
export default function Component({ actionData }: Route.ComponentProps) {
  const list = useSendoffs();
  const result = actionData as DeskFormResult | undefined;
  return (
    <div>
      <OpsHeader title="Pre-loved">
        Pieces sold in the pre-loved sale leave for good: pack each and mark it dispatched; it goes out in its own
        parcel with a carrier label, its tracking number shown here. Retire a unit to the sale from its panel
        (Inventory, then the unit’s code).
      </OpsHeader>
      {result && (
        <p role="alert" className="mb-4 text-sm font-medium text-danger">
          {result.error}
        </p>
      )}
      {list.isPending ? (
        <SkeletonRows label="Loading the pieces to send" count={2} rowClassName="h-20" />
      ) : list.isError ? (
        <LoadError title="The pieces to send could not be loaded" onRetry={() => void list.refetch()} />
      ) : (
        <SendoffsSection back={paths.opsPreLoved} />
      )}
    </div>
  );
}
