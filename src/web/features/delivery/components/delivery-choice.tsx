import { Store, Truck } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import type { PickupOption } from '@domain/plans.rules';
import type { DeliveryAddress, Studio } from '@domain/orders';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

// The address form (its schema) loads when first shown.
const DeliveryAddressForm = lazy(() => import('./delivery-address-form'));

const DAY_NAMES: Record<string, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/**
 * Her delivery address with 'Edit', or the form that saves it on her account (PUT
 * /api/orders/delivery-address) when she has none: the booking panel, a waitlist hold's dialog and her
 * account's "Addresses and pickup" page show the same.
 */
export function DeliveryAddressSection({
  address,
  loading,
  intro = 'Where should we deliver? We keep the address on your account.',
}: {
  address: DeliveryAddress | null;
  loading: boolean;
  intro?: string;
}) {
  const [editing, setEditing] = useState(false);
  if (loading) return <Skeleton className="h-12 w-56" />;
  if (address && !editing)
    return (
      <div className="flex items-start justify-between gap-4">
        <address className="text-taupe not-italic" data-testid="delivery-address">
          <span className="block text-ink">{address.recipientName}</span>
          {address.line1}
          {address.line2 ? `, ${address.line2}` : ''}, {address.city}, {address.state} {address.zipCode}
        </address>
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          onClick={() => setEditing(true)}
          aria-label="Edit delivery address"
        >
          Edit
        </Button>
      </div>
    );
  return (
    <div>
      {!address && <p className="mb-3 text-taupe">{intro}</p>}
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <DeliveryAddressForm
          saved={address}
          onDone={() => setEditing(false)}
          {...(address ? { onCancel: () => setEditing(false) } : {})}
        />
      </Suspense>
    </div>
  );
}

/** The studio to pick up from (GET /api/orders/studios), with its address and opening hours. */
export function StudioChooser({
  studios,
  studioId,
  onStudio,
  disabled,
}: {
  studios: Studio[] | undefined;
  studioId: number | null;
  onStudio: (id: number) => void;
  disabled?: boolean;
}) {
  const studio = studios?.find((s) => s.id === studioId) ?? null;
  if (!studios) return <Skeleton className="h-11 w-full" />;
  return (
    <div className="space-y-3">
      <label className="block">
        <span className="mb-1.5 block text-[0.8rem] font-medium tracking-wide text-taupe">Studio</span>
        <select
          value={studioId ?? ''}
          disabled={disabled}
          onChange={(e) => onStudio(Number(e.target.value))}
          className="h-11 w-full rounded-sm border border-linen bg-ivory px-3 text-sm focus-visible:ring-2 focus-visible:ring-clay focus-visible:outline-none"
        >
          {studioId === null && <option value="">Choose a studio</option>}
          {studios.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {studio && (
        <div className="text-taupe" data-testid="studio-details">
          <p>
            {studio.street}, {studio.city}, {studio.state} {studio.zipCode} · {studio.phone}
          </p>
          <ul className="mt-2 grid grid-cols-2 gap-x-4 text-xs text-stone sm:grid-cols-4" aria-label="Opening hours">
            {studio.hours.map((h) => (
              <li key={h.day}>
                {DAY_NAMES[h.day]} {h.opens && h.closes ? `${h.opens}–${h.closes}` : 'closed'}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * 'How it reaches you': delivery (her address, or the form to add it) or pickup at a studio. The
 * item page's booking panel and a waitlist hold's dialog.
 */
export function DeliveryChoice({
  delivery,
  onDelivery,
  signedIn,
  address,
  addressLoading,
  studios,
  studioId,
  onStudio,
  className = 'p-5',
}: {
  delivery: PickupOption;
  onDelivery: (d: PickupOption) => void;
  signedIn: boolean;
  address: DeliveryAddress | null;
  addressLoading: boolean;
  studios: Studio[] | undefined;
  studioId: number | null;
  onStudio: (id: number) => void;
  className?: string;
}) {
  const name = useId();
  const options: { id: PickupOption; label: string; icon: typeof Truck }[] = [
    { id: 'online', label: 'Delivery', icon: Truck },
    { id: 'in-store', label: 'Studio pickup', icon: Store },
  ];
  return (
    <div className={className}>
      <fieldset>
        <legend className="eyebrow mb-2">How it reaches you</legend>
        <div className="grid grid-cols-2 gap-2">
          {options.map(({ id, label, icon: Icon }) => (
            <label
              key={id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-sm border px-3 text-sm transition-colors has-focus-visible:ring-2 has-focus-visible:ring-clay',
                delivery === id ? 'border-ink bg-paper' : 'border-linen hover:border-ink/40',
              )}
            >
              <input
                type="radio"
                name={name}
                value={id}
                checked={delivery === id}
                onChange={() => onDelivery(id)}
                className="size-4 accent-ink"
              />
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {delivery === 'online' && signedIn && (
        <div className="mt-4 text-sm">
          <DeliveryAddressSection address={address} loading={addressLoading} />
        </div>
      )}

      {delivery === 'in-store' && (
        <div className="mt-4 text-sm">
          <StudioChooser studios={studios} studioId={studioId} onStudio={onStudio} />
        </div>
      )}
    </div>
  );
}
