import { ArrowLeft, Archive, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SIZES } from '@domain/catalogue.rules';
import { ACCEPTED_PHOTO_TYPES, LISTING_MESSAGES, MAX_PHOTO_BYTES } from '@domain/listings.rules';
import { CONDITION_LABELS, UNIT_STATE_LABELS } from '@domain/unit-life';
import { MAX_PRODUCT_PHOTOS, MAX_UNITS_PER_ADD } from '@domain/ops-inventory';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { RetireUnitSchema } from '@domain/ops-reasons';
import type { InventoryItemDetail } from '@domain/ops';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input, Label, NativeSelect } from '../../../components/ui/input';
import { LoadError } from '../../../components/ui/load-error';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { ApiClientError } from '../../../lib/api-client';
import { alreadyShown } from '../../../lib/error-toast';
import { getOpsItemQueryOptions, useOpsItem } from '../api/get-item';
import { useAddUnits, useRemovePhotos, useReplacePhotos, useUpdateItem } from '../api/save-item';
import { useRetireUnit } from '../api/unit-actions';
import { ItemForm } from '../components/item-form';
import { OpsHeader, OpsSection } from '../components/ops-header';
import { ReasonDialog } from '../components/reason-dialog';
import type { PageQueries } from '../../../lib/page-data';
import { clientLoadDeskPage, deskMeta, loadDeskPage } from '../lib/desk-route';
import type { Route } from './+types/inventory-item';

const idOf = (raw: string | undefined) => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

const queries =
  (id: ReturnType<typeof idOf>): PageQueries =>
  (queryClient) =>
    id ? queryClient.prefetchQuery(getOpsItemQueryOptions(id)) : Promise.resolve();

export function loader({ context, params }: Route.LoaderArgs) {
  return loadDeskPage(context, queries(idOf(params.id)));
}

export function clientLoader({ params }: Route.ClientLoaderArgs) {
  return clientLoadDeskPage(queries(idOf(params.id)));
}

export const meta: Route.MetaFunction = (args) => deskMeta(args, 'Edit piece');

/** /ops/inventory/:id: a piece's details, its product photos and its units (add, retire). */
export default function Component({ params }: Route.ComponentProps) {
  const id = idOf(params.id);
  return (
    <div className="max-w-4xl">
      <Link
        to={paths.opsInventory}
        className="mt-6 inline-flex min-h-11 items-center gap-1.5 text-sm text-taupe hover:text-ink lg:mt-10"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Inventory
      </Link>
      {id === null ? <NotFound /> : <ItemEditor id={id} />}
    </div>
  );
}

function NotFound() {
  return (
    <>
      <OpsHeader title="Piece not found" />
      <EmptyState title="No piece has this number">Go back to the inventory and search for it.</EmptyState>
    </>
  );
}

function ItemEditor({ id }: { id: number }) {
  const item = useOpsItem(id);
  const update = useUpdateItem();
  if (item.isPending) return <SkeletonRows label="Loading the piece" count={3} rowClassName="h-40" className="mt-10" />;
  if (item.isError) {
    if (item.error instanceof ApiClientError && item.error.status === 404) return <NotFound />;
    return <LoadError title="The piece could not be loaded" onRetry={() => void item.refetch()} />;
  }
  const it = item.data;
  return (
    <>
      <OpsHeader
        title={it.name}
        actions={
          it.status === 'active' ? (
            <Button asChild variant="subtle">
              <Link to={paths.item(it.id)}>View in the shop</Link>
            </Button>
          ) : undefined
        }
      >
        #{it.id} · {it.brand} · {it.category} · {it.gender}
        {it.fromMember && ' · a member’s listing, changed by its owner only'}
      </OpsHeader>
      <Photos item={it} />
      <Units item={it} />
      <OpsSection id="details" title="Details">
        {it.fromMember ? (
          <p className="text-sm text-taupe">{OPS_MESSAGES.memberListingEdit}.</p>
        ) : (
          <ItemForm
            key={JSON.stringify(it)}
            item={it}
            submitLabel="Save changes"
            onUpdate={(patch) =>
              update.mutateAsync({ id: it.id, patch }).then(() =>
                toast.success('Piece saved', {
                  description: `${it.name} is updated everywhere.`,
                }),
              )
            }
          />
        )}
      </OpsSection>
    </>
  );
}

/** Its pictures as members see them; upload photos (they replace the drawings) or remove them. */
function Photos({ item }: { item: InventoryItemDetail }) {
  const replace = useReplacePhotos();
  const remove = useRemovePhotos();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const upload = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    if (files.length > MAX_PRODUCT_PHOTOS) return setError(LISTING_MESSAGES.tooManyPhotos);
    if (files.some((f) => !(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(f.type)))
      return setError(LISTING_MESSAGES.photoType);
    if (files.some((f) => f.size > MAX_PHOTO_BYTES)) return setError(LISTING_MESSAGES.photoTooLarge);
    setError(undefined);
    replace.mutateAsync({ id: item.id, photos: files }).then(
      () =>
        toast.success('Photos uploaded', {
          description: `${item.name} is shown with ${files.length === 1 ? 'this photo' : 'these photos'} everywhere.`,
        }),
      alreadyShown,
    );
  };
  return (
    <OpsSection id="pictures" title={item.hasPhotos ? 'Product photos' : 'Pictures (drawings)'}>
      <ul className="flex flex-wrap gap-3" aria-label="Pictures">
        {item.pictures.map((p) => (
          <li key={p.url} className="w-28 sm:w-36">
            <img
              src={p.url}
              alt={p.alt}
              className="aspect-[4/5] w-full rounded-sm bg-sand object-cover"
              loading="lazy"
            />
            <p className="mt-1 text-xs text-stone">{p.label}</p>
          </li>
        ))}
      </ul>
      {!item.fromMember && (
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
          <label className="inline-flex">
            <span className="sr-only">Upload product photos</span>
            <input
              ref={input}
              type="file"
              accept={ACCEPTED_PHOTO_TYPES.join(',')}
              multiple
              className="peer sr-only"
              disabled={replace.isPending}
              onChange={(e) => upload(e.target.files)}
            />
            <span
              aria-hidden="true"
              className="inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-sm bg-ink px-6 text-sm font-medium text-ivory peer-focus-visible:ring-2 peer-focus-visible:ring-clay peer-focus-visible:ring-offset-2 hover:bg-taupe sm:w-auto"
            >
              <ImagePlus className="size-4" />{' '}
              {replace.isPending ? 'Uploading…' : item.hasPhotos ? 'Replace photos' : 'Upload photos'}
            </span>
          </label>
          {item.hasPhotos && (
            <Button
              variant="ghost"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutateAsync(item.id).then(
                  () =>
                    toast.success('Photos removed', {
                      description: 'The drawings are back.',
                    }),
                  alreadyShown,
                )
              }
            >
              <Trash2 aria-hidden="true" /> Remove photos
            </Button>
          )}
          <p className="text-xs text-stone">
            Up to {MAX_PRODUCT_PHOTOS} photos (JPEG, PNG or WebP); they replace all current ones.
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </OpsSection>
  );
}

/** Its units with their states; add units of a size; retire one (confirm dialog with a reason). */
function Units({ item }: { item: InventoryItemDetail }) {
  const add = useAddUnits();
  const retire = useRetireUnit();
  const [size, setSize] = useState<string>(item.sizes[0] ?? 'M');
  const [count, setCount] = useState('1');
  const [retiring, setRetiring] = useState<InventoryItemDetail['units'][number] | null>(null);
  const live = item.units.filter((u) => u.state !== 'retired').length;
  return (
    <OpsSection id="units" title="Units" count={live}>
      <ul
        className="divide-y divide-linen rounded-md border border-linen/80 bg-ivory"
        aria-label={`Units of ${item.name}`}
      >
        {item.units.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5">
            <div className="min-w-0 text-sm">
              <span className="font-semibold text-ink">{u.size}</span>{' '}
              <span className="font-mono text-taupe">{u.code}</span>
              {u.condition && <span className="text-stone"> · {CONDITION_LABELS[u.condition]}</span>}
            </div>
            <div className="flex items-center gap-2">
              <Badge tone={u.state === 'available' ? 'success' : u.state === 'retired' ? 'outline' : 'sand'}>
                {UNIT_STATE_LABELS[u.state]}
              </Badge>
              <Button asChild variant="ghost" size="sm">
                <Link to={`${paths.opsCheckIn}?code=${u.code}`} aria-label={`Open ${u.code} at check-in`}>
                  Open
                </Link>
              </Button>
              {(u.state === 'available' || u.state === 'cleaning' || u.state === 'repair') && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-danger"
                  onClick={() => setRetiring(u)}
                  aria-label={`Retire ${u.code}`}
                >
                  <Archive aria-hidden="true" /> Retire
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {!item.fromMember && (
        <form
          aria-label="Add units"
          className="mt-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(count);
            add
              .mutateAsync({
                id: item.id,
                units: { size: size as (typeof SIZES)[number], count: n },
              })
              .then(
                () =>
                  toast.success('Units added', {
                    description: `${n} × size ${size} of ${item.name}.`,
                  }),
                alreadyShown,
              );
          }}
        >
          <div>
            <Label htmlFor="add-size">Size</Label>
            <NativeSelect id="add-size" value={size} onChange={(e) => setSize(e.target.value)} className="w-32">
              {SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div>
            <Label htmlFor="add-count">How many</Label>
            <Input
              id="add-count"
              type="number"
              min={1}
              max={MAX_UNITS_PER_ADD}
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              className="w-24"
            />
          </div>
          <Button type="submit" variant="outline" disabled={add.isPending}>
            <Plus aria-hidden="true" /> {add.isPending ? 'Adding…' : 'Add units'}
          </Button>
        </form>
      )}
      <ReasonDialog
        open={!!retiring}
        onOpenChange={(open) => !open && setRetiring(null)}
        title="Retire this unit?"
        description={
          retiring
            ? `${item.name}, size ${retiring.size} (${retiring.code}) will never be booked again; its reservations move to another free unit. This cannot be undone.`
            : ''
        }
        label="Reason"
        hint="E.g. torn beyond repair."
        confirm="Retire unit"
        busyLabel="Retiring…"
        schema={RetireUnitSchema}
        onConfirm={(reason) =>
          retire.mutateAsync({ code: retiring!.code, reason }).then(() =>
            toast.success(OPS_MESSAGES.retired, {
              description: `${retiring!.code} is retired.`,
            }),
          )
        }
      />
    </OpsSection>
  );
}
