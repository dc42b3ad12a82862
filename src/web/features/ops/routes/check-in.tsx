import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { getTodayQueryOptions, useToday } from '../api/get-today';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';
import { browserLoader } from '../../../lib/page-data';
import { deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/check-in';

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, (queryClient) => queryClient.prefetchQuery(getTodayQueryOptions()));
}

export const clientLoader = browserLoader;

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Check-in');

/** /ops/check-in: what members have sent back today, and what is still expected. */
export default function Component() {
  const today = useToday();
  const board = today.data;
  const expected = board ? [...board.overdue, ...board.dueBack] : [];
  return (
    <div>
      <OpsHeader title="Check-in">
        Pieces members marked as returned today, and the ones still expected back (late ones first).
      </OpsHeader>
      {today.isPending ? (
        <SkeletonRows label="Loading returns" count={2} rowClassName="h-32" />
      ) : today.isError ? (
        <LoadError title="Returns could not be loaded" onRetry={() => void today.refetch()} />
      ) : (
        <>
          <OpsSection id="returned" title="Returned today" count={board!.returnedToday.length}>
            <DeskRentalList rentals={board!.returnedToday} label="Returned today" empty="No piece has come back yet today." />
          </OpsSection>
          <OpsSection id="expected" title="Still expected" count={expected.length}>
            <DeskRentalList rentals={expected} label="Still expected" empty="Every piece due is back." />
          </OpsSection>
        </>
      )}
    </div>
  );
}
