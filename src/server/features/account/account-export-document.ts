import { claimPhotoUrl } from '../claims';
import { reportPhotoUrl } from '../reports';
import { reviewPhotoUrl } from '../reviews';
import { reportSections } from './account-export-reports';
import type { ExportRows } from './account-export';
import { describeUserAgent, iso } from './device';

/**
 * The member's data file ("download my data", decision 0040): everything we hold about her, read
 * by account-export.ts, in the document's own words (format rentique-member-data, version 1).
 * Never a card number or CVV: we have none.
 */
export function exportDocument(
  d: ExportRows & { user: NonNullable<ExportRows['user']> },
  userId: string,
  exportedAt: string,
): Record<string, unknown> {
  return {
    format: 'rentique-member-data',
    version: 1,
    exportedAt,
    account: {
      id: d.user.id,
      email: d.user.email,
      emailVerified: Boolean(d.user.emailVerified),
      image: d.user.image ?? null,
      createdAt: iso(d.user.createdAt),
    },
    profile: d.profile
      ? { fullName: d.profile.full_name, gender: d.profile.gender, updatedAt: d.profile.updated_at }
      : null,
    plan: d.subscription
      ? {
          plan: d.subscription.plan,
          itemCount: d.subscription.item_count,
          status: d.subscription.status,
          startedAt: d.subscription.started_at,
        }
      : null,
    card: d.card
      ? {
          brand: d.card.brand,
          lastFour: d.card.last_four,
          expiry: `${d.card.expiry_month}/${d.card.expiry_year}`,
          cardholderName: d.card.cardholder_name,
          billingAddress: {
            street: d.card.billing_street,
            city: d.card.billing_city,
            state: d.card.billing_state,
            zipCode: d.card.billing_zip,
            country: d.card.billing_country,
          },
          updatedAt: d.card.updated_at,
        }
      : null,
    pickupOption: d.pickup?.pickup_option ?? null,
    deliveryAddress: d.deliveryAddress
      ? {
          recipientName: d.deliveryAddress.recipient_name,
          line1: d.deliveryAddress.line1,
          line2: d.deliveryAddress.line2,
          city: d.deliveryAddress.city,
          state: d.deliveryAddress.state,
          zipCode: d.deliveryAddress.zip_code,
          country: d.deliveryAddress.country,
          updatedAt: d.deliveryAddress.updated_at,
        }
      : null,
    orders: d.orders.map((o) => ({
      number: o.number,
      status: o.status,
      plan: o.plan,
      totalCents: o.total_cents,
      delivery:
        o.delivery_method === 'in-store'
          ? { method: o.delivery_method, studio: o.studio_name, address: o.studio_address }
          : {
              method: o.delivery_method,
              recipientName: o.recipient_name,
              line1: o.address_line1,
              line2: o.address_line2,
              city: o.address_city,
              state: o.address_state,
              zipCode: o.address_zip,
            },
      card: o.card_last_four ? { brand: o.card_brand, lastFour: o.card_last_four } : null,
      placedAt: o.created_at,
      cancelledAt: o.cancelled_at,
    })),
    payments: d.payments.map((p) => ({
      order: p.number,
      purpose: p.purpose,
      kind: p.kind,
      amountCents: p.amount_cents,
      status: p.status,
      card: p.card_last_four ? { brand: p.card_brand, lastFour: p.card_last_four } : null,
      description: p.description,
      at: p.created_at,
    })),
    storeCredit: d.storeCredit.map((c) => ({
      kind: c.kind,
      amountCents: c.amount_cents,
      balanceAfterCents: c.balance_after_cents,
      description: c.description,
      at: c.created_at,
    })),
    charges: d.charges.map((c) => ({
      plan: c.plan,
      itemCount: c.item_count,
      amountCents: c.amount_cents,
      at: c.created_at,
    })),
    rentals: d.rentals.map((r) => ({
      id: r.id,
      itemId: r.item_id,
      item: `${r.brand} ${r.name}`,
      size: r.size,
      startDate: r.start_date,
      returnDate: r.end_date,
      plan: r.plan,
      priceCents: r.price_cents,
      chargedCents: r.charge_cents,
      pickupOption: r.pickup_option,
      extensions: r.extensions,
      returnedAt: r.returned_at,
      bookedAt: r.created_at,
    })),
    listings: d.listings.map((l) => ({
      itemId: l.id,
      name: l.name,
      brand: l.brand,
      category: l.category,
      description: l.description,
      rentalPriceCents: l.rental_price_cents,
      status: l.status,
      handover: l.handover,
      listedAt: l.created_at,
    })),
    favorites: d.favorites.map((f) => ({
      itemId: f.item_id,
      item: f.name ? `${f.brand} ${f.name}` : null,
      likedAt: f.liked_at,
    })),
    rsvps: d.rsvps.map((e) => ({
      eventId: e.id,
      title: e.title,
      date: e.date,
      time: e.time,
      location: e.location,
      reservedAt: e.created_at,
    })),
    devices: d.sessions.map((s) => ({
      ...describeUserAgent(s.userAgent),
      ipAddress: s.ipAddress,
      signedInAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
    })),
    fitDetails: d.fit
      ? {
          heightCm: d.fit.height_cm,
          bustCm: d.fit.bust_cm,
          waistCm: d.fit.waist_cm,
          hipsCm: d.fit.hips_cm,
          usualSize: d.fit.usual_size,
          updatedAt: d.fit.updated_at,
        }
      : null,
    reviews: d.reviews.map((r) => ({
      id: r.id,
      rentalId: r.rental_id,
      itemId: r.item_id,
      item: `${r.brand} ${r.name}`,
      rating: r.rating,
      fit: r.fit,
      sizeWorn: r.size_worn,
      occasion: r.occasion,
      text: r.body,
      fitDetails: {
        heightCm: r.height_cm,
        bustCm: r.bust_cm,
        waistCm: r.waist_cm,
        hipsCm: r.hips_cm,
        usualSize: r.usual_size,
      },
      photos: d.reviewPhotos
        .filter((p) => p.review_id === r.id)
        .map((p) => reviewPhotoUrl(r.id, p.position, p.file_name)),
      writtenAt: r.created_at,
    })),
    shortlists: d.shortlists.map((l) => ({
      name: l.name,
      items: d.shortlistItems
        .filter((i) => i.shortlist_id === l.id)
        .map((i) => ({ itemId: i.item_id, item: i.name ? `${i.brand} ${i.name}` : null, addedAt: i.created_at })),
      createdAt: l.created_at,
      updatedAt: l.updated_at,
    })),
    waitlist: d.waitlist.map((w) => ({
      itemId: w.item_id,
      item: `${w.brand} ${w.name}`,
      size: w.size,
      startDate: w.start_date,
      returnDate: w.end_date,
      status: w.status,
      joinedAt: w.created_at,
      heldAt: w.held_at,
      holdExpiresAt: w.hold_expires_at,
      rentalId: w.rental_id,
      endedAt: w.ended_at,
    })),
    bookingRequests: d.requests.map((r) => ({
      id: r.id,
      role: r.renter_id === userId ? 'renter' : 'lender',
      rentalId: r.rental_id,
      itemId: r.item_id,
      item: `${r.brand} ${r.name}`,
      size: r.size,
      startDate: r.start_date,
      returnDate: r.end_date,
      priceCents: r.price_cents,
      status: r.status,
      expiresAt: r.expires_at,
      decidedAt: r.decided_at,
      requestedAt: r.created_at,
    })),
    messages: d.messages.map((m) => ({ rentalId: m.rental_id, text: m.body, sentAt: m.created_at })),
    ratingsGiven: d.ratingsGiven.map((r) => ({
      rentalId: r.rental_id,
      as: r.side,
      stars: r.stars,
      comment: r.comment,
      ratedAt: r.created_at,
    })),
    payoutAccount: d.payoutAccount
      ? {
          holderName: d.payoutAccount.holder_name,
          lastFour: d.payoutAccount.last_four,
          updatedAt: d.payoutAccount.updated_at,
        }
      : null,
    payouts: d.payouts.map((p) => ({
      id: p.id,
      amountCents: p.amount_cents,
      status: p.status,
      to: { holderName: p.holder_name, lastFour: p.last_four },
      failure: p.failure,
      requestedAt: p.created_at,
      settledAt: p.settled_at,
    })),
    damageClaims: d.claims.map((c) => ({
      id: c.id,
      rentalId: c.rental_id,
      itemId: c.item_id,
      item: `${c.brand} ${c.name}`,
      amountCents: c.amount_cents,
      description: c.description,
      status: c.status,
      decisionNote: c.note,
      decidedAt: c.decided_at,
      photos: d.claimPhotos.filter((p) => p.claim_id === c.id).map((p) => claimPhotoUrl(c.id, p.position, p.file_name)),
      openedAt: c.created_at,
    })),
    ...reportSections(d, reportPhotoUrl),
  };
}
