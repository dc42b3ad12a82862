import { Check, ListPlus, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SHORTLIST_MESSAGES, SHORTLIST_NAME_MAX } from '@domain/shortlists.rules';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useAddShortlistItem } from '../api/add-shortlist-item';
import { useCreateShortlist } from '../api/create-shortlist';
import { useShortlists } from '../api/get-shortlists';
import { useRemoveShortlistItem } from '../api/remove-shortlist-item';

/** Her lists, each a toggle for this piece, and a field to start a new list with it. */
function PickerBody({ itemId, itemName }: { itemId: number; itemName: string }) {
  const lists = useShortlists();
  const add = useAddShortlistItem();
  const remove = useRemoveShortlistItem();
  const create = useCreateShortlist();
  const [name, setName] = useState('');

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), itemId },
      {
        onSuccess: (list) => {
          setName('');
          toast.success(SHORTLIST_MESSAGES.added, {
            description: `${itemName} is in ${list.name}.`,
          });
        },
      },
    );
  };

  return (
    <div className="mt-6 space-y-6">
      {lists.isPending ? (
        <div className="space-y-2" aria-busy="true" aria-label="Loading shortlists">
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ) : lists.isError ? (
        <p className="text-sm text-danger">We couldn&apos;t load your shortlists. Please try again.</p>
      ) : lists.data.shortlists.length === 0 ? (
        <p className="text-sm text-taupe">{SHORTLIST_MESSAGES.empty}</p>
      ) : (
        <ul className="divide-y divide-linen rounded-sm border border-linen" aria-label="Your shortlists">
          {lists.data.shortlists.map((l) => {
            const inList = l.items.some((i) => i.id === itemId);
            const busy =
              (add.isPending && add.variables?.id === l.id) || (remove.isPending && remove.variables?.id === l.id);
            return (
              <li key={l.id}>
                <button
                  type="button"
                  aria-pressed={inList}
                  disabled={busy}
                  onClick={() =>
                    inList
                      ? remove.mutate(
                          { id: l.id, itemId },
                          {
                            onSuccess: () =>
                              toast.success(SHORTLIST_MESSAGES.removed, {
                                description: `${itemName} is no longer in ${l.name}.`,
                              }),
                          },
                        )
                      : add.mutate(
                          { id: l.id, itemId },
                          {
                            onSuccess: () =>
                              toast.success(SHORTLIST_MESSAGES.added, {
                                description: `${itemName} is in ${l.name}.`,
                              }),
                          },
                        )
                  }
                  className="flex w-full cursor-pointer items-center justify-between gap-4 px-4 py-3 text-left text-sm transition-colors hover:bg-sand/60 focus-visible:bg-sand/60 focus-visible:outline-none disabled:opacity-50"
                >
                  <span>
                    <span className="font-medium text-ink">{l.name}</span>
                    <span className="ml-2 text-xs text-stone">
                      {l.items.length} piece{l.items.length === 1 ? '' : 's'}
                    </span>
                  </span>
                  <span
                    className={cn(
                      'flex size-6 items-center justify-center rounded-full border',
                      inList ? 'border-ink bg-ink text-ivory' : 'border-linen text-transparent',
                    )}
                    aria-hidden="true"
                  >
                    <Check className="size-3.5" />
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={onCreate} className="space-y-2">
        <Label htmlFor={`new-shortlist-${itemId}`}>{SHORTLIST_MESSAGES.newList}</Label>
        <div className="flex gap-2">
          <Input
            id={`new-shortlist-${itemId}`}
            value={name}
            maxLength={SHORTLIST_NAME_MAX}
            placeholder="Wedding in June"
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={create.isPending || !name.trim()} className="shrink-0">
            <Plus aria-hidden="true" />
            Create
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * 'Add to a shortlist': a dialog of her named lists (each toggles this piece in or out) and a field
 * to start a new one with it. Visitors are sent to sign in first.
 */
export function ShortlistButton({
  itemId,
  itemName,
  iconOnly = false,
  className,
  ...props
}: { itemId: number; itemName: string; iconOnly?: boolean } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const label = iconOnly ? `Add ${itemName} to a shortlist` : undefined;
  if (!session) {
    return (
      <Button
        variant="subtle"
        {...props}
        className={className}
        aria-label={label}
        onClick={() => void navigate(paths.login, { state: { from: location } })}
      >
        <ListPlus aria-hidden="true" />
        {!iconOnly && SHORTLIST_MESSAGES.add}
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="subtle" {...props} className={className} aria-label={label}>
          <ListPlus aria-hidden="true" />
          {!iconOnly && SHORTLIST_MESSAGES.add}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={SHORTLIST_MESSAGES.add}
        description={`Group ${itemName} with other pieces for an occasion.`}
      >
        {open && <PickerBody itemId={itemId} itemName={itemName} />}
      </DialogContent>
    </Dialog>
  );
}
