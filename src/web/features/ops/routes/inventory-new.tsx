import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../config/paths';
import { useCreateItem } from '../api/save-item';
import { ItemForm } from '../components/item-form';
import { OpsHeader } from '../components/ops-header';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/inventory-new';

const queries: PageQueries = () => Promise.resolve();

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'New piece');

/** /ops/inventory/new: a house piece with its sizes and units; then its page, for photos. */
export default function Component() {
  const create = useCreateItem();
  const navigate = useNavigate();
  return (
    <div className="max-w-3xl">
      <Link
        to={paths.opsInventory}
        className="mt-6 inline-flex min-h-11 items-center gap-1.5 text-sm text-taupe hover:text-ink lg:mt-10"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Inventory
      </Link>
      <OpsHeader title="New piece">
        A house piece goes live at once with its units. Add product photos on the next page; until then it is shown with
        its drawings.
      </OpsHeader>
      <ItemForm
        submitLabel="Add piece"
        onCreate={(input) =>
          create.mutateAsync(input).then((item) => {
            toast.success('Piece added', {
              description: `${item.name} with ${item.units.length} unit${item.units.length === 1 ? '' : 's'}.`,
            });
            void navigate(paths.opsInventoryItem(item.id));
          })
        }
      />
    </div>
  );
}
