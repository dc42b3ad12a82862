import { ListChecks, Pencil, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { SHORTLIST_MESSAGES, SHORTLIST_NAME_MAX } from '@domain/shortlists.rules';
import type { Shortlist } from '@domain/shortlists';
import { ItemCard, itemGridClass } from '../../../components/item/item-card';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Label } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useCreateShortlist } from '../api/create-shortlist';
import { useDeleteShortlist } from '../api/delete-shortlist';
import { useShortlists } from '../api/get-shortlists';
import { useRemoveShortlistItem } from '../api/remove-shortlist-item';
import { useRenameShortlist } from '../api/rename-shortlist';

function RenameDialog({ list, onClose }: { list: Shortlist; onClose: () => void }) {
  const rename = useRenameShortlist();
  const [name, setName] = useState(list.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    rename.mutate(
      { id: list.id, name: name.trim() },
      {
        onSuccess: () => {
          toast.success(SHORTLIST_MESSAGES.renamed);
          onClose();
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent title="Rename shortlist">
        <form onSubmit={submit} className="mt-6 space-y-4">
          <div>
            <Label htmlFor={`rename-${list.id}`}>Name</Label>
            <Input
              id={`rename-${list.id}`}
              value={name}
              maxLength={SHORTLIST_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          </div>
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={rename.isPending || !name.trim()}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ShortlistBlock({ list }: { list: Shortlist }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useDeleteShortlist();
  const removeItem = useRemoveShortlistItem();
  return (
    <section aria-labelledby={`shortlist-${list.id}`} className="border-t border-linen pt-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-3">
        <div>
          <h3 id={`shortlist-${list.id}`} className="font-display text-2xl">
            {list.name}
          </h3>
          <p className="mt-1 text-xs tracking-wide text-stone uppercase">
            {list.items.length} piece{list.items.length === 1 ? '' : 's'}
          </p>
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename ${list.name}`}>
            <Pencil aria-hidden="true" />
            Rename
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${list.name}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(list.id, {
                onSuccess: () =>
                  toast.success(SHORTLIST_MESSAGES.deleted, {
                    description: `${list.name} is gone; its pieces stay in the collection.`,
                  }),
              })
            }
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      {list.items.length === 0 ? (
        <p className="text-sm text-taupe">{SHORTLIST_MESSAGES.emptyList}</p>
      ) : (
        <ul className={itemGridClass} aria-label={`Pieces in ${list.name}`}>
          {list.items.map((item) => (
            <li key={item.id}>
              <ItemCard
                item={item}
                href={paths.item(item.id)}
                action={
                  <button
                    type="button"
                    aria-label={`Remove ${item.name} from ${list.name}`}
                    disabled={removeItem.isPending}
                    onClick={() => removeItem.mutate({ id: list.id, itemId: item.id })}
                    className="flex size-10 cursor-pointer items-center justify-center rounded-full bg-ivory/95 text-ink opacity-0 shadow-soft transition-opacity duration-200 group-hover:opacity-100 group-focus-within:opacity-100 hover:bg-ink hover:text-ivory focus-visible:opacity-100 disabled:opacity-50 [@media(hover:none)]:opacity-100"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {renaming && <RenameDialog list={list} onClose={() => setRenaming(false)} />}
    </section>
  );
}

/** /favorites' shortlists: her named lists with their pieces, and a field to start one. */
export function ShortlistsSection() {
  const lists = useShortlists();
  const create = useCreateShortlist();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (l) => {
          setName('');
          toast.success(SHORTLIST_MESSAGES.created, { description: l.name });
        },
      },
    );
  };
  return (
    <section aria-labelledby="shortlists-heading" className="mt-20">
      <div className="mb-8 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="text-xs tracking-[0.2em] text-taupe uppercase">Curated by you</p>
          <h2 id="shortlists-heading" className="mt-2 font-display text-4xl">
            {SHORTLIST_MESSAGES.title}
          </h2>
        </div>
        <form onSubmit={submit} className="w-full md:max-w-sm">
          <Label htmlFor="new-shortlist">{SHORTLIST_MESSAGES.newList}</Label>
          <div className="flex gap-2">
            <Input
              id="new-shortlist"
              value={name}
              maxLength={SHORTLIST_NAME_MAX}
              placeholder="Wedding in June"
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" disabled={create.isPending || !name.trim()} className="shrink-0">
              Create
            </Button>
          </div>
        </form>
      </div>
      {lists.isPending ? (
        <div aria-busy="true" aria-label="Loading shortlists" className="space-y-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : lists.isError ? (
        <LoadError title="We couldn't load your shortlists" onRetry={() => void lists.refetch()}>
          <p>Please try again.</p>
        </LoadError>
      ) : lists.data.shortlists.length === 0 ? (
        <EmptyState title="No shortlists yet" icon={<ListChecks className="size-8" aria-hidden="true" />}>
          <p>{SHORTLIST_MESSAGES.empty}</p>
        </EmptyState>
      ) : (
        <div className="space-y-14">
          {lists.data.shortlists.map((l) => (
            <ShortlistBlock key={l.id} list={l} />
          ))}
        </div>
      )}
    </section>
  );
}
