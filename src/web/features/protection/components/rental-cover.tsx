import { ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useActionData } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { defaultErrorToast } from '../../../lib/error-toast';
import { useAddCover } from '../api/add-cover';
import type { CoverActionData } from '../api/cover-action';
import { useRentalProtection } from '../api/get-rental-protection';
import { coverOutcome, feeText, type CoverAnswer } from '../lib/cover-outcome';

/**
 * A rental's damage cover on the Renting tab (decision 0064): "Covered" once added; until the
 * piece is sent, the form that adds it. Before the app runs the form posts to the dashboard's
 * action (coverAction); once it runs, the app adds it itself. Either way the row says the same
 * sentence. Nothing while its protection loads or if it cannot be read.
 */
export function RentalCover({ rentalId, name }: { rentalId: number; name: string }) {
  const { data: p } = useRentalProtection(rentalId);
  const add = useAddCover(rentalId);
  const actionData = useActionData<CoverActionData | undefined>();
  const answer: CoverAnswer | null = add.isSuccess
    ? coverOutcome(add.data)
    : add.isError
      ? { rentalId, ok: false, message: defaultErrorToast(add.error).description }
      : actionData && 'cover' in actionData && actionData.cover.rentalId === rentalId
        ? actionData.cover
        : null;
  if (!p) return null;
  const covered = p.cover !== null && p.cover.status !== 'failed';
  // A piece sent without cover: nothing to say, and no empty box in the row's actions.
  if (!covered && !p.canAddCover && !answer) return null;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end" data-testid="rental-cover">
      {covered ? (
        <Badge tone="success">
          <ShieldCheck className="size-3" aria-hidden="true" /> Covered
        </Badge>
      ) : p.canAddCover ? (
        <form method="post" action="/dashboard?tab=renting" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="cover" />
          <input type="hidden" name="rentalId" value={rentalId} />
          <Button
            type="submit"
            size="sm"
            variant="subtle"
            disabled={add.isPending}
            aria-busy={add.isPending}
            aria-label={`Add damage cover (${feeText(p.coverFeeCents)}) to ${name}`}
          >
            <ShieldCheck aria-hidden="true" />
            {add.isPending ? 'Adding cover…' : `Add damage cover (${feeText(p.coverFeeCents)})`}
          </Button>
        </form>
      ) : null}
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} className={`text-xs ${answer.ok ? 'text-taupe' : 'text-danger'}`}>
          {answer.message}
        </p>
      )}
    </div>
  );
}
