import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToday } from '../api/get-today';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';

/** /ops/check-in: what members have sent back today, and what is still expected. */
export function Component() {
  const today = useToday();
  const board = today.data;
  const expected = board ? [...board.overdue, ...board.dueBack] : [];
  return (
    <div>
      <OpsHeader title="Check-in">
        Pieces members marked as returned today, and the ones still expected back (late ones first).
      </OpsHeader>
      {today.isPending ? (
        <div className="space-y-3" aria-busy="true" aria-label="Loading returns">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 w-full" />
          ))}
        </div>
      ) : today.isError ? (
        <EmptyState title="Returns could not be loaded">
          <Button variant="outline" size="sm" className="mt-5" onClick={() => void today.refetch()}>
            Try again
          </Button>
        </EmptyState>
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
