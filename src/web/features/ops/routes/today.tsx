import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { getTodayQueryOptions, useToday } from '../api/get-today';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';
import { browserLoader } from '../../../lib/page-data';
import { deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/today';

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, (queryClient) => queryClient.prefetchQuery(getTodayQueryOptions()));
}

export const clientLoader = browserLoader;

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Today');

/** /ops: today's board, read from the rentals as members booked them. */
export default function Component() {
  const today = useToday();
  const board = today.data;
  return (
    <div>
      <OpsHeader title="Today">
        {board ? `${formatDate(board.date)}: ` : ''}what goes out, what is due back and what is late, from members’ rentals. The board refreshes every minute.
      </OpsHeader>
      {today.isPending ? (
        <SkeletonRows label="Loading today's board" count={3} rowClassName="h-32" />
      ) : today.isError ? (
        <LoadError title="The board could not be loaded" onRetry={() => void today.refetch()} />
      ) : (
        <>
          <OpsSection id="starting" title="Going out today" count={board!.starting.length}>
            <DeskRentalList rentals={board!.starting} label="Going out today" empty="No rental starts today." />
          </OpsSection>
          <OpsSection id="due-back" title="Due back today" count={board!.dueBack.length}>
            <DeskRentalList rentals={board!.dueBack} label="Due back today" empty="Nothing is due back today." />
          </OpsSection>
          <OpsSection id="overdue" title="Overdue" count={board!.overdue.length}>
            <DeskRentalList rentals={board!.overdue} label="Overdue" emphasis="overdue" empty="Nothing is overdue." />
          </OpsSection>
        </>
      )}
    </div>
  );
}
