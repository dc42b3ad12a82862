import { Send, Tag } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { formatCents, formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { useUnitSale } from '../api/get-preloved';
import type { DeskFormResult } from '../lib/desk-forward';

/**
 * The unit panel's sale (decision 0066): retire the unit to the pre-loved sale with a price and a
 * condition note; or, for a kept piece back at the desk, "kept by ... — send to her". Forms post
 * to the page's action (they work before the script has loaded).
 */
export function UnitSalePanel({ code, result }: { code: string; result: DeskFormResult | undefined }) {
  const sale = useUnitSale(code);
  const zone = useTimeZone();
  const busy = useNavigation().state === 'submitting';
  if (!sale.data) return null;
  const s = sale.data;
  return (
    <section aria-labelledby="unit-sale" className="mt-6 rounded-sm border border-linen bg-ivory px-4 py-4 text-sm">
      <h2 id="unit-sale" className="font-display text-xl">
        Pre-loved sale
      </h2>
      {result && (
        <p role="alert" className="mt-2 font-medium text-danger">
          {result.error}
        </p>
      )}
      {s.kept && (
        <div className="mt-3" data-testid="kept-back">
          <p className="font-medium">
            Kept by {s.kept.member} ({s.kept.email}) — {s.kept.sentAt ? 'sent to her' : 'send to her'}
          </p>
          {s.kept.sentAt ? (
            <p className="text-taupe">Dispatched {formatDateTime(s.kept.sentAt, zone)}.</p>
          ) : (
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="send-kept" />
              <Button type="submit" disabled={busy}>
                <Send aria-hidden="true" /> Dispatch to {s.kept.member}
              </Button>
            </Form>
          )}
        </div>
      )}
      {s.piece ? (
        <p className="mt-3" data-testid="unit-on-sale">
          {s.piece.status === 'listed' ? 'In the sale' : s.piece.status === 'sold' ? 'Sold' : 'Being bought'} at{' '}
          {formatCents(s.piece.priceCents)}: {s.piece.conditionNote}
        </p>
      ) : s.canList ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="retire-to-sale" />
          <Field label="Price ($)" error={result?.field === 'priceCents' ? result.error : undefined}>
            <Input name="price" inputMode="decimal" required placeholder="120" />
          </Field>
          <Field label="Condition note" error={result?.field === 'conditionNote' ? result.error : undefined}>
            <Textarea
              name="conditionNote"
              required
              rows={2}
              maxLength={500}
              placeholder="Worn a few times; a faint mark inside the hem"
            />
          </Field>
          <Button type="submit" disabled={busy}>
            <Tag aria-hidden="true" /> Retire to sale
          </Button>
        </Form>
      ) : (
        !s.kept && <p className="mt-2 text-taupe">This unit cannot go to the sale now (it is out with a member).</p>
      )}
    </section>
  );
}
