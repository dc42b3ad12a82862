import { Heart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MATCH_MESSAGES } from '@domain/match.rules';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { cn } from '../../../lib/cn';
import { useAddFavorite } from '../api/add-favorite';
import { useFavorites } from '../api/get-favorites';
import { useRemoveFavorite } from '../api/remove-favorite';

/**
 * Whether an item is among the member's favorites, and a toggle that adds it (no daily view is
 * counted) or removes it. `isSignedIn` is false for visitors, whose toggle does nothing.
 */
export function useFavoriteToggle(itemId: number) {
  const { data: session } = useSession();
  const favorites = useFavorites(!!session);
  const add = useAddFavorite();
  const remove = useRemoveFavorite();
  const isFavorite = !!favorites.data?.items.some((f) => f.itemId === itemId);

  const toggle = (itemName?: string) => {
    if (!session) return;
    if (isFavorite) {
      remove.mutate(itemId, {
        onSuccess: () => toast.success(MATCH_MESSAGES.removedTitle, { description: MATCH_MESSAGES.removed }),
      });
    } else {
      add.mutate(itemId, {
        onSuccess: (fav) =>
          toast.success(MATCH_MESSAGES.addedTitle, { description: MATCH_MESSAGES.added(itemName ?? fav.item.name) }),
      });
    }
  };

  return {
    isFavorite,
    isSignedIn: !!session,
    isPending: add.isPending || remove.isPending || (!!session && favorites.isPending),
    toggle,
  };
}

/**
 * The item page's Add to Wishlist: adds or removes the same favorite the match deck saves.
 * Visitors are sent to sign in first (and come back here afterwards).
 */
export function FavoriteButton({
  itemId,
  itemName,
  iconOnly = false,
  className,
  ...props
}: {
  itemId: number;
  itemName?: string;
  /** A round heart named 'Add to favorites' (the static pages). */ iconOnly?: boolean;
} & Omit<ButtonProps, 'onClick' | 'children' | 'type'>) {
  const { isFavorite, isSignedIn, isPending, toggle } = useFavoriteToggle(itemId);
  const navigate = useNavigate();
  const location = useLocation();
  // Before the app runs the form posts to /favorites' action (decision 0044); once it runs, the
  // app adds or removes the favorite itself.
  return (
    <form
      method="post"
      action={paths.favorites}
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        if (isSignedIn) toggle(itemName);
        else void navigate(paths.login, { state: { from: location } });
      }}
    >
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="intent" value={isFavorite ? 'remove' : 'add'} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <Button
        type="submit"
        variant="outline"
        {...props}
        className={cn(className)}
        aria-pressed={isSignedIn ? isFavorite : undefined}
        {...(iconOnly ? { 'aria-label': 'Add to favorites' } : {})}
        disabled={isPending}
      >
        <Heart aria-hidden="true" className={cn(isFavorite && 'fill-clay text-clay')} />
        {!iconOnly && (isFavorite ? 'In Your Wishlist' : 'Add to Wishlist')}
      </Button>
    </form>
  );
}
