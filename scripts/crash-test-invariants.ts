/**
 * The crash test's invariants (scripts/crash-test.ts), read straight from the database file of
 * its data dir after the last restart and the payments recovery: each is a name, whether it
 * holds, and how it broke.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export type Invariant = [name: string, ok: boolean, detail: string];

/** The invariants of the data in `dataDir`; `serverErrors5xx` is how many 5xx the server answered. */
export function crashInvariants(dataDir: string, serverErrors5xx: number): Invariant[] {
  const db = new SQLite(path.join(dataDir, 'rentique.sqlite'), { readonly: true });
  const n = (q: string) => Number((db.prepare(q).get() as { n: number | null }).n ?? 0);
  const uploads = path.join(dataDir, 'uploads');
  const photoFiles = db.prepare('select file_name from listing_photos').all() as { file_name: string }[];
  const invariants: Invariant[] = [];
  const check = (name: string, bad: number, unit = 'violations') =>
    invariants.push([name, bad === 0, `${bad} ${unit}`]);
  check(
    'no unit double-booked for overlapping dates',
    n(`select count(*) n from bookings b1 join bookings b2 on b1.unit_id = b2.unit_id and b1.id < b2.id
       where b1.released_at is null and b2.released_at is null and b1.start_date < b2.end_date and b2.start_date < b1.end_date`),
    'overlapping pairs',
  );
  // A booking holds the days its rental occupies the unit (decision 0031): at least the member's dates.
  check(
    'every rental holds its own booking (same unit and item, its dates within the held days)',
    n(`select count(*) n from rentals r left join bookings b on b.id = r.booking_id
       where b.id is null or b.unit_id <> r.unit_id or b.item_id <> r.item_id or b.start_date > r.start_date or b.end_date < r.end_date`),
  );
  check(
    'no unit of a size the item does not have',
    n(
      `select count(*) n from rentals r join item_units u on u.id = r.unit_id where u.size <> r.size or u.item_id <> r.item_id`,
    ),
  );
  check(
    'daily views <= 3 per member and day',
    n('select count(*) n from user_daily_views where count > 3 or count < 0'),
  );
  check(
    'daily count == items first viewed that day',
    n(
      `select count(*) n from user_daily_views d where d.count <> (select count(*) from user_viewed_items v where v.user_id = d.user_id and substr(v.viewed_at, 1, 10) = d.day)`,
    ),
  );
  check(
    'every like is a viewed item (swipes are atomic)',
    n(
      'select count(*) n from user_liked_items l where not exists (select 1 from user_viewed_items v where v.user_id = l.user_id and v.item_id = l.item_id)',
    ),
  );
  check('event spots_left >= 0', n('select count(*) n from events where spots_left < 0'));
  check(
    'event spots_left + RSVPs == spots',
    n(
      'select count(*) n from events e where e.spots_left + (select count(*) from event_rsvps r where r.event_id = e.id) <> e.spots',
    ),
  );
  check(
    'every listing has its item, units and photos',
    n(`select count(*) n from listings l left join items i on i.id = l.item_id
       where i.id is null or i.owner_id <> l.owner_id
          or not exists (select 1 from listing_photos p where p.item_id = l.item_id)
          or not exists (select 1 from item_units u where u.item_id = l.item_id)`),
  );
  check(
    'every member item is a listing',
    n(
      'select count(*) n from items i where i.owner_id is not null and not exists (select 1 from listings l where l.item_id = i.id)',
    ),
  );
  check(
    'every photo row has its file on disk',
    photoFiles.filter((p) => !existsSync(path.join(uploads, p.file_name))).length,
    'missing files',
  );
  check('no 5xx answered', serverErrors5xx, '5xx');
  // Payments (decisions 0029, 0030), after the recovery.
  check(
    'every payment settled after the recovery',
    n("select count(*) n from payment_ledger where settled_at is null or status = 'pending'"),
  );
  check(
    'every confirmed pay-per-item order has exactly one successful charge',
    n(`select count(*) n from orders o where o.status = 'confirmed' and o.covered_by_plan = 0
       and (select count(*) from payment_ledger p where p.order_id = o.id and p.purpose = 'booking' and p.kind = 'charge' and p.status = 'succeeded') <> 1`),
  );
  check('no order left waiting for payment', n(`select count(*) n from orders where status = 'pending_payment'`));
  check(
    'no rental of a declined order',
    n(`select count(*) n from rentals r join orders o on o.id = r.order_id where o.status = 'payment_failed'`),
  );
  check(
    'every pay-per-item rental records what was collected',
    n(`select count(*) n from rentals r join orders o on o.id = r.order_id
       where o.status in ('confirmed', 'cancelled') and o.covered_by_plan = 0 and r.charge_cents <> (select coalesce(sum(p.amount_cents), 0) from payment_ledger p where p.rental_id = r.id and p.kind = 'charge' and p.status = 'succeeded')`),
  );
  check(
    'every request the provider saw was recorded in the ledger first',
    n(
      `select count(*) n from payment_sim_requests q where not exists (select 1 from payment_ledger p where p.idempotency_key = q.idempotency_key)`,
    ),
  );
  check(
    'every successful charge exists at the provider, once',
    n(`select count(*) n from payment_ledger p where p.kind = 'charge' and p.status = 'succeeded'
       and (select count(*) from payment_sim_objects s where s.id = p.provider_ref) <> 1`),
  );
  db.close();
  return invariants;
}
