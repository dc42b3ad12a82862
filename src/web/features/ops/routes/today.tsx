import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDate } from '../../../lib/format';
import { useToday } from '../api/get-today';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';

/** /ops: today's board, read from the rentals as members booked them. */
export function Component() {
  const today = useToday();
  const board = today.data;
  return (
    <div>
      <OpsHeader title="Today">
        {board ? `${formatDate(board.date)}: ` : ''}what goes out, what is due back and what is late, from members’ rentals. The board refreshes every minute.
      </OpsHeader>
      {today.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading today's board">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : today.isError ? (
        <EmptyState title="The board could not be loaded">
          <Button variant="outline" size="sm" className="mt-5" onClick={() => void today.refetch()}>
            Try again
          </Button>
        </EmptyState>
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
