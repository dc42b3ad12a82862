import { ShoppingBag } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { PreLovedPiece } from '@domain/preloved';
import { CONDITION_LABELS, type Condition } from '@domain/unit-life';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatCents } from '../../../lib/format';

/** One piece in the sale: photos, designer, size, condition, price, and the form that buys it. */
export function PieceCard({
  piece: p,
  signedIn,
  busy,
  refusal,
}: {
  piece: PreLovedPiece;
  signedIn: boolean;
  busy: boolean;
  refusal: string | null;
}) {
  const label = signedIn ? `Buy it for ${formatCents(p.priceCents)}` : 'Sign in to buy';
  const grade = p.condition && p.condition in CONDITION_LABELS ? CONDITION_LABELS[p.condition as Condition] : null;
  return (
    <article
      aria-labelledby={`piece-${p.id}`}
      className="flex flex-col overflow-hidden rounded-md border border-linen/80 bg-ivory shadow-soft"
      data-testid="preloved-piece"
    >
      <div className="grid grid-cols-2 gap-px bg-linen">
        {p.photos.slice(0, 2).map((src, i) => (
          <img
            key={src}
            src={src}
            alt={i === 0 ? `${p.name} by ${p.brand}` : ''}
            className={`aspect-[3/4] w-full bg-sand object-cover ${p.photos.length === 1 ? 'col-span-2' : ''}`}
            loading="lazy"
          />
        ))}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="eyebrow">{p.brand}</p>
        <h2 id={`piece-${p.id}`} className="mt-1 font-display text-2xl leading-tight">
          <Link to={paths.item(p.itemId)} className="hover:underline">
            {p.name}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-taupe">
          Size {p.size}
          {grade ? ` · ${grade}` : ''}
          {p.fromMember ? ' · from a member' : ''}
        </p>
        <p className="mt-3 text-sm text-ink">
          <span className="sr-only">Condition: </span>
          {p.conditionNote}
        </p>
        <p className="mt-4 text-lg">
          <strong>{formatCents(p.priceCents)}</strong>{' '}
          <span className="text-sm text-stone line-through">
            <span className="sr-only">retail price </span>
            {formatCents(p.retailCents)}
          </span>
        </p>
        {refusal && (
          <p role="alert" className="mt-3 rounded-sm border border-danger/40 px-3 py-2 text-sm text-danger">
            {refusal}
          </p>
        )}
        <Form method="post" className="mt-auto pt-4">
          <input type="hidden" name="pieceId" value={p.id} />
          <Button type="submit" className="w-full" disabled={busy} aria-busy={busy} aria-label={`${label}: ${p.name}`}>
            <ShoppingBag aria-hidden="true" />
            {label}
          </Button>
        </Form>
      </div>
    </article>
  );
}
