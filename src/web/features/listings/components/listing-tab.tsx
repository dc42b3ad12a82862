import { Inbox, Plus, Shirt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { storageTermCopy, type Care } from '@domain/managed-lending';
import { AnswerLine, ManagedForm, ManagedPanel, TravellingForm, useCare } from '../../managed';
import { InstantBookControl, LendVerificationNotice } from '../../protection';
import type { Listing } from '@domain/listings';
import { LENDER_SHARE_PERCENT, LISTING_MESSAGES, REVIEW_STATUS_LABELS } from '@domain/listings.rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { formatCents, formatDate } from '../../../lib/format';
import { useDeleteListing } from '../api/delete-listing';
import { useListings } from '../api/get-listings';
import { ListingForm } from './listing-form';

/** The dashboard's Listing tab: the member's own pieces, their status and earnings, and 'List an item'. */
export function ListingTab() {
  const { data, isPending, isError, refetch } = useListings();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Listing | null>(null);
  const care = useCare();
  const terms = care.data?.terms ?? {
    managedSharePercent: 60,
    selfSharePercent: LENDER_SHARE_PERCENT,
    storageMonths: 12,
  };

  return (
    <div>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-xl text-sm text-taupe">
          Lend pieces you are not wearing, one of two ways. <strong>Rentique looks after it</strong>: we collect, clean,
          store and deliver it, and you earn {terms.managedSharePercent}% of every rental.{' '}
          <span data-testid="storage-term">{storageTermCopy(terms.storageMonths)}</span>{' '}
          <strong>I lend it myself</strong>: you ship or hand it over and clean it yourself, and you earn{' '}
          {terms.selfSharePercent}%.{' '}
          <Link to={paths.payouts} className="font-medium text-ink underline underline-offset-4">
            Payouts & statement
          </Link>{' '}
          ·{' '}
          <Link to={paths.ratings} className="font-medium text-ink underline underline-offset-4">
            Ratings
          </Link>{' '}
          ·{' '}
          <Link to={paths.preLovedSell} className="font-medium text-ink underline underline-offset-4">
            Sell a piece (pre-loved)
          </Link>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="subtle" asChild>
            <Link to={paths.requests}>
              <Inbox aria-hidden="true" /> Requests and calendar
            </Link>
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> List an item
          </Button>
        </div>
      </div>

      <LendVerificationNotice />
      {care.data && (
        <div className="mb-6">
          <TravellingForm until={care.data.travellingUntil} />
        </div>
      )}
      {isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-80" />
          ))}
        </div>
      ) : isError ? (
        <EmptyState title="Your listings could not be loaded">
          <Button variant="link" onClick={() => void refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : data.listings.length === 0 ? (
        <EmptyState title="No listings yet" icon={<Shirt className="size-8" aria-hidden="true" />}>
          List a piece from your wardrobe and it appears in the collection for other members.
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label="Your listings">
          {data.listings.map((l) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                care={care.data?.pieces.find((p) => p.itemId === l.id)}
                months={terms.storageMonths}
                onEdit={() => setEditing(l)}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent
          title="List an item"
          description="Tell members about the piece. Our team reviews it (usually within a day) and it goes live in the collection once approved."
          className="max-w-2xl"
        >
          {creating && <ListingForm onDone={() => setCreating(false)} />}
        </DialogContent>
      </Dialog>
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent title="Edit listing" className="max-w-2xl">
          {editing && <ListingForm listing={editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ListingCard({
  listing,
  care,
  months,
  onEdit,
}: {
  listing: Listing;
  care: Care | undefined;
  months: number;
  onEdit: () => void;
}) {
  const remove = useDeleteListing();
  const managed = listing.lendingMode === 'managed';
  const [confirming, setConfirming] = useState(false);
  const rented = listing.status === 'rented';
  const review = listing.review.status;
  const live = review === 'approved' && (!managed || care?.stage === 'live');
  const picture = (
    <>
      <img src={listing.imageUrl} alt={listing.name} className="size-full object-cover" loading="lazy" />
      <Badge
        tone={!live ? 'ink' : rented ? 'clay' : 'success'}
        className={cn('absolute top-3 left-3', live && 'bg-ivory/95')}
      >
        {managed && care && care.stage !== 'live' && care.stage !== 'in_review'
          ? care.stageLabel.split(':')[0]
          : !live
            ? REVIEW_STATUS_LABELS[review]
            : rented
              ? 'Rented'
              : 'Available'}
      </Badge>
    </>
  );

  return (
    <article
      aria-label={listing.name}
      className="flex h-full flex-col overflow-hidden rounded-md border border-linen/80 bg-ivory shadow-soft"
    >
      {/* Only a live listing has a public page; one in review or rejected shows its photo here only. */}
      {live ? (
        <Link to={paths.item(listing.id)} className="relative block aspect-[4/3] bg-sand">
          {picture}
        </Link>
      ) : (
        <div className="relative aspect-[4/3] bg-sand">{picture}</div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="eyebrow">{listing.brand}</p>
        <h3 className="mt-1 font-display text-2xl leading-tight">{listing.name}</h3>
        <p className="mt-2 text-sm text-taupe">
          {formatCents(listing.rentalPriceCents)}/week ·{' '}
          {managed ? 'Rentique looks after it: we ship and clean it' : 'You lend it yourself: you ship and clean it'}
        </p>
        {managed && care && review === 'approved' && (
          <ManagedPanel care={care} itemName={listing.name} months={months} />
        )}
        {!managed && review !== 'pending' && (
          <ManagedForm intent="managed-switch" itemId={listing.id} label={`Let Rentique look after ${listing.name}`}>
            {(sending) => (
              <Button size="sm" variant="link" type="submit" className="mt-1 px-0" disabled={sending || rented}>
                Let Rentique look after it instead
              </Button>
            )}
          </ManagedForm>
        )}
        {managed && <AnswerLine intent="managed-switch" itemId={listing.id} />}
        {!managed && review === 'approved' && <InstantBookControl itemId={listing.id} itemName={listing.name} />}
        {review === 'pending' && (
          <p className="mt-2 text-sm text-taupe">Our team is reviewing it; it goes live once approved.</p>
        )}
        {review === 'rejected' && (
          <div
            className="mt-3 rounded-sm border border-clay/40 bg-clay/5 p-3 text-sm"
            data-testid="listing-review-reason"
          >
            <p className="font-medium text-clay-dark">Not approved yet</p>
            <p className="mt-1 text-ink">{listing.review.reason}</p>
            <p className="mt-1 text-xs text-taupe">Edit the listing and it comes back to us for review.</p>
          </div>
        )}
        {rented && listing.rentedBy && listing.returnDate && (
          <p className="mt-2 text-sm text-ink">
            Rented by {listing.rentedBy} · back {formatDate(listing.returnDate)}
          </p>
        )}
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <div>
            <p className="eyebrow">Earnings</p>
            <p className="font-display text-2xl" data-testid="listing-earnings">
              {formatCents(listing.earningsCents)}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="sm" variant="subtle" onClick={onEdit} disabled={rented} aria-label={`Edit ${listing.name}`}>
              Edit
            </Button>
            {confirming ? (
              <Button
                size="sm"
                variant="danger"
                disabled={remove.isPending}
                // mutateAsync: this row unmounts when the list refreshes, and the toast must still show.
                onClick={() =>
                  remove.mutateAsync(listing.id).then(
                    () =>
                      toast.success(LISTING_MESSAGES.removed, {
                        description: `${listing.name} is no longer in the collection.`,
                      }),
                    () => setConfirming(false), // the query client shows why
                  )
                }
              >
                Confirm remove
              </Button>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setConfirming(true)}
                disabled={rented}
                aria-label={`Remove ${listing.name}`}
              >
                Remove
              </Button>
            )}
          </div>
        </div>
        {rented && <p className="mt-3 text-xs text-stone">{LISTING_MESSAGES.rentedNoChange}</p>}
      </div>
    </article>
  );
}
