import { Heart, Info, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ITEM_GENDERS, type ItemGender } from '@domain/catalogue.rules';
import { MATCH_MESSAGES, isDailyLimitReached, nextIndex, pickCurrent, type SwipeAction } from '@domain/match.rules';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { getDailyViewsQueryOptions, useDailyViews } from '../api/get-daily-views';
import { getDeckQueryOptions, useDeck } from '../api/get-deck';
import { getProgressQueryOptions, useProgress } from '../api/get-progress';
import { useSaveProgress } from '../api/save-progress';
import { useSwipe } from '../api/swipe';
import { DailyCounter } from '../components/daily-counter';
import { GenderToggle } from '../components/gender-toggle';
import { ItemDetailsDialog } from '../components/item-details-dialog';
import { DailyLimitReached, DeckFinished, LoginRequired } from '../components/match-panels';
import { SwipeCard, type SwipeCardHandle } from '../components/swipe-card';
import { pageMeta } from '../../../lib/meta';
import { clientLoadPage, loadPage, type PageQueries } from '../../../lib/page-data';
import type { Route } from './+types/match';

/**
 * For a member: her progress, today's count and the deck where she left off, so her card is on the
 * first paint. A visitor gets the 'Login Required' panel, which needs nothing.
 */
const queries =
  (url: URL): PageQueries =>
  async (queryClient, user) => {
    if (!user) return;
    const asked = genderFromParam(url.searchParams.get('gender'));
    const [progress] = await Promise.all([
      queryClient.ensureQueryData(getProgressQueryOptions()),
      queryClient.prefetchQuery(getDailyViewsQueryOptions()),
    ]);
    await queryClient.prefetchQuery(getDeckQueryOptions(asked ?? progress.currentGender ?? 'Women'));
  };

export function loader({ context, request }: Route.LoaderArgs) {
  return loadPage(context, queries(new URL(request.url)));
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return clientLoadPage(queries(new URL(request.url)));
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: 'Match Your Outfit · Rentique',
    description:
      'Swipe right on the designer pieces you love and left on the ones you don’t: every like lands in your Rentique favorites.',
  });

/** /match: swipe through the collection, three items a day. */
export default function Component() {
  const { data: session, isPending } = useSession();
  if (isPending) return <MatchGrid>{<DeckSkeleton />}</MatchGrid>;
  if (!session) return <MatchGrid>{<LoginRequired />}</MatchGrid>;
  return <MatchSession />;
}

/**
 * The page frame: the title, the member's controls and the keyboard tip in one column, the deck in
 * the other (stacked on phones), so the card and its buttons fit one laptop screen.
 */
function MatchGrid({ controls, children }: { controls?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page overflow-x-clip pt-10 pb-24 md:pt-16">
      <div className="grid items-start gap-10 lg:grid-cols-[minmax(0,30rem)_24rem] lg:justify-center lg:gap-24">
        <div className="text-center lg:sticky lg:top-28 lg:pt-10 lg:text-left">
          <p className="eyebrow mb-3">New · Match</p>
          <h1 className="text-display-lg">Match Your Outfit</h1>
          <p className="mx-auto mt-4 max-w-md text-[0.95rem] leading-relaxed text-taupe lg:mx-0">
            Swipe right on the pieces you love and left on the ones you don&apos;t. Every like lands in your favorites.
          </p>
          {controls && <div className="mt-8 flex flex-col items-center gap-4 lg:items-start">{controls}</div>}
        </div>
        <div className="w-full">{children}</div>
      </div>
    </div>
  );
}

function DeckSkeleton() {
  return (
    <div className="mx-auto w-full max-w-sm space-y-4" aria-busy="true">
      <Skeleton className="aspect-[5/6] w-full rounded-lg" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

function genderFromParam(v: string | null): ItemGender | null {
  if (!v) return null;
  const name = v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
  return ITEM_GENDERS.find((g) => g === name) ?? null;
}

function MatchSession() {
  const [params, setParams] = useSearchParams();
  const progress = useProgress();
  const daily = useDailyViews();
  const gender: ItemGender = genderFromParam(params.get('gender')) ?? progress.data?.currentGender ?? 'Women';
  const deck = useDeck(gender, progress.isSuccess);
  const saveProgress = useSaveProgress();
  const swipe = useSwipe();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const cardRef = useRef<SwipeCardHandle>(null);

  const index = progress.data?.indexes[gender] ?? 0;
  const current = deck.data ? pickCurrent(deck.data.items, index) : undefined;
  const rest = deck.data && current ? deck.data.items.filter((e) => e !== current) : [];
  const next = current ? pickCurrent(rest, current.position + 1) : undefined;
  const limited = daily.data ? isDailyLimitReached(daily.data.count) : false;
  const showingCard = !!current && !limited && deck.isSuccess && daily.isSuccess;

  const decide = (action: SwipeAction) => {
    if (!current || !deck.data || swipe.isPending) return;
    const { item, position } = current;
    const total = deck.data.total;
    setDetailsOpen(false);
    swipe.mutate(
      { itemId: item.id, action },
      {
        onSuccess: (result) => {
          if (result.action === 'like')
            toast.success(MATCH_MESSAGES.addedTitle, { description: MATCH_MESSAGES.added(item.name) });
          saveProgress.mutate({ gender, lastItemIndex: nextIndex(position, total) });
        },
        onError: (err) => {
          setAttempt((n) => n + 1);
          // The toast comes from the query client (useSwipe's meta).
          if (err instanceof ApiClientError && err.code === 'DAILY_LIMIT_REACHED') void daily.refetch();
        },
      },
    );
  };

  // Left and right arrows skip and like the card on screen (not while typing or in the dialog).
  useEffect(() => {
    if (!showingCard || detailsOpen) return;
    const handler = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        cardRef.current?.fling(e.key === 'ArrowRight' ? 'like' : 'skip');
      }
    };
    window.addEventListener('keydown', handler);
    return () => window.removeEventListener('keydown', handler);
  }, [showingCard, detailsOpen]);

  const chooseGender = (g: ItemGender) => {
    if (g === gender) return;
    setParams({ gender: g.toLowerCase() }, { replace: true });
    saveProgress.mutate({ gender: g, lastItemIndex: progress.data?.indexes[g] ?? 0 });
  };

  const failed = progress.isError || daily.isError || deck.isError;

  let body;
  if (failed) {
    body = (
      <EmptyState title="We couldn't load your deck">
        <p>Please check your connection and try again.</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-5"
          onClick={() => {
            void progress.refetch();
            void daily.refetch();
            void deck.refetch();
          }}
        >
          Try again
        </Button>
      </EmptyState>
    );
  } else if (!progress.isSuccess || !daily.isSuccess || !deck.isSuccess) {
    body = <DeckSkeleton />;
  } else if (limited) {
    body = <DailyLimitReached />;
  } else if (!current) {
    body = <DeckFinished gender={gender} />;
  } else {
    body = (
      <div className="mx-auto w-full max-w-sm">
        <div className="relative">
          {next && (
            <div
              aria-hidden="true"
              className="absolute inset-0 translate-y-3 scale-[0.96] overflow-hidden rounded-lg border border-linen bg-sand opacity-70"
            />
          )}
          <SwipeCard
            key={`${current.item.id}-${attempt}`}
            ref={cardRef}
            item={current.item}
            disabled={swipe.isPending}
            onDecide={decide}
            onOpen={() => setDetailsOpen(true)}
          />
        </div>
        <div className="mt-6 flex items-center justify-center gap-5">
          <Button
            variant="subtle"
            size="icon"
            className="size-14 text-clay [&_svg]:size-6"
            aria-label="Skip"
            disabled={swipe.isPending}
            onClick={() => cardRef.current?.fling('skip')}
          >
            <X aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="icon" aria-label="View details" onClick={() => setDetailsOpen(true)}>
            <Info aria-hidden="true" />
          </Button>
          <Button
            variant="primary"
            size="icon"
            className="size-14 [&_svg]:size-6"
            aria-label="Like"
            disabled={swipe.isPending}
            onClick={() => cardRef.current?.fling('like')}
          >
            <Heart aria-hidden="true" />
          </Button>
        </div>
        <ItemDetailsDialog
          item={current.item}
          open={detailsOpen}
          onOpenChange={setDetailsOpen}
          disabled={swipe.isPending}
          onSkip={() => decide('skip')}
          onLove={() => decide('like')}
        />
      </div>
    );
  }

  return (
    <MatchGrid
      controls={
        <>
          <GenderToggle value={gender} onChange={chooseGender} />
          {daily.data && <DailyCounter count={daily.data.count} />}
          {showingCard && (
            <p className="hidden text-xs leading-relaxed text-stone lg:block">
              Drag the card, or use <kbd className="font-sans font-semibold">←</kbd> to skip and{' '}
              <kbd className="font-sans font-semibold">→</kbd> to like. Tap the card for details.
            </p>
          )}
        </>
      }
    >
      {body}
    </MatchGrid>
  );
}
