import { PackageCheck, Send, Store } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { OPS_MESSAGES } from '@domain/ops.rules';
import type { DeskRental } from '@domain/ops';
import { lateDispatchCancelDate } from '@domain/rentals.rules';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { alreadyShown } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { DeskParcels, getDeskParcelsQueryOptions } from '../../parcels';
import { getTodayQueryOptions, useToday } from '../api/get-today';
import { useDispatchRental, useHandOver } from '../api/rental-actions';
import { DeskRentalList } from '../components/desk-rental-card';
import { OpsHeader, OpsSection } from '../components/ops-header';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/today';

const queries: PageQueries = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(getTodayQueryOptions()),
    queryClient.prefetchQuery(getDeskParcelsQueryOptions()),
  ]).then(() => undefined);

export function loader({ context }: Route.LoaderArgs) {
  return loadDeskPage(context, queries);
}

export function clientLoader() {
  return clientLoadDeskPage(queries);
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Today');

/** 'Mark dispatched' for a delivery, 'Ready at studio' for a studio pickup. */
function DispatchButton({ rental: r }: { rental: DeskRental }) {
  const dispatch = useDispatchRental();
  const studio = r.handoff === 'pickup';
  const label = studio ? 'Ready at studio' : 'Mark dispatched';
  return (
    <Button
      size="lg"
      className="w-full sm:h-11 sm:w-auto"
      disabled={dispatch.isPending || !r.unitReady}
      aria-label={`${label}: ${r.itemName} for ${r.member.name}`}
      onClick={() =>
        dispatch.mutateAsync(r.rentalId).then(
          () =>
            toast.success(studio ? OPS_MESSAGES.readyAtStudio : OPS_MESSAGES.dispatched, {
              description: `${r.itemName} (${r.unitCode}) for ${r.member.name}; she has been told.`,
            }),
          alreadyShown,
        )
      }
    >
      {studio ? <Store aria-hidden="true" /> : <Send aria-hidden="true" />}
      {dispatch.isPending ? 'Saving…' : label}
    </Button>
  );
}

/** 'Hand over' for a piece ready at the studio, when the member collects it. */
function HandOverButton({ rental: r }: { rental: DeskRental }) {
  const handOver = useHandOver();
  return (
    <Button
      size="lg"
      variant="outline"
      className="w-full sm:h-11 sm:w-auto"
      disabled={handOver.isPending}
      aria-label={`Hand over ${r.itemName} to ${r.member.name}`}
      onClick={() =>
        handOver
          .mutateAsync(r.rentalId)
          .then(
            () => toast.success(OPS_MESSAGES.handedOver, { description: `${r.itemName} is with ${r.member.name}.` }),
            alreadyShown,
          )
      }
    >
      <PackageCheck aria-hidden="true" />
      {handOver.isPending ? 'Saving…' : 'Hand over'}
    </Button>
  );
}

/** /ops: today's board: what to send out (and mark dispatched), what waits at the studio, what is due back, what is late, what is on its way back and what was checked in. */
export default function Component() {
  const today = useToday();
  const board = today.data;
  return (
    <div>
      <OpsHeader title="Today">
        {board ? `${formatDate(board.date)}: ` : ''}what goes out, what is due back and what is late, from members’
        rentals. The board refreshes every minute.
      </OpsHeader>
      {today.isPending ? (
        <SkeletonRows label="Loading today's board" count={3} rowClassName="h-32" />
      ) : today.isError ? (
        <LoadError title="The board could not be loaded" onRetry={() => void today.refetch()} />
      ) : (
        <>
          {board!.lateToDispatch.length > 0 && (
            <OpsSection id="late-to-dispatch" title="Late to dispatch" count={board!.lateToDispatch.length}>
              <DeskRentalList
                rentals={board!.lateToDispatch}
                label="Late to dispatch"
                empty="Nothing is late to go out."
                actions={(r) => (
                  <div className="flex w-full flex-col gap-2 sm:w-auto">
                    <p className="text-sm font-semibold text-danger" data-testid="late-dispatch">
                      Late to dispatch: was to start {formatDate(r.startDate)}. The member has been told; cancelled and
                      refunded in full on {formatDate(lateDispatchCancelDate(r.startDate))} if not sent.
                    </p>
                    <DispatchButton rental={r} />
                  </div>
                )}
              />
            </OpsSection>
          )}
          <OpsSection id="parcels" title="Parcels to pack and dispatch">
            <DeskParcels />
          </OpsSection>
          <OpsSection id="to-dispatch" title="To dispatch" count={board!.toDispatch.length}>
            <DeskRentalList
              rentals={board!.toDispatch}
              label="To dispatch"
              empty="Nothing to send out or put ready today."
              actions={(r) => <DispatchButton rental={r} />}
            />
          </OpsSection>
          <OpsSection id="at-studio" title="Ready at the studio" count={board!.awaitingPickup.length}>
            <DeskRentalList
              rentals={board!.awaitingPickup}
              label="Ready at the studio"
              empty="No piece is waiting at the studio."
              actions={(r) => <HandOverButton rental={r} />}
            />
          </OpsSection>
          <OpsSection id="due-back" title="Due back today" count={board!.dueBack.length}>
            <DeskRentalList rentals={board!.dueBack} label="Due back today" empty="Nothing is due back today." />
          </OpsSection>
          <OpsSection id="overdue" title="Overdue" count={board!.overdue.length}>
            <DeskRentalList rentals={board!.overdue} label="Overdue" emphasis="overdue" empty="Nothing is overdue." />
          </OpsSection>
          <OpsSection id="returning" title="Sent back, to check in" count={board!.returning.length}>
            <DeskRentalList
              rentals={board!.returning}
              label="Sent back, to check in"
              empty="Nothing is on its way back."
              actions={(r) => (
                <Button asChild variant="outline" size="lg" className="w-full sm:h-11 sm:w-auto">
                  <Link
                    to={`${paths.opsCheckIn}?code=${r.unitCode}`}
                    aria-label={`Check in ${r.itemName} (${r.unitCode})`}
                  >
                    Check in
                  </Link>
                </Button>
              )}
            />
          </OpsSection>
          <OpsSection id="checked-in" title="Checked in today" count={board!.checkedInToday.length}>
            <DeskRentalList
              rentals={board!.checkedInToday}
              label="Checked in today"
              empty="Nothing has been checked in yet today."
            />
          </OpsSection>
        </>
      )}
    </div>
  );
}
