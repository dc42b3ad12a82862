/**
 * The operations desk's rules and texts without zod, so the navigation and the /ops gate (in the
 * first page's bundle) can use them; ops.ts re-exports all of this with the API schemas.
 */

export const ROLES = ['member', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** A session's role from the stored value: anything but 'staff' is a member. */
export function roleOf(value: unknown): Role {
  return value === 'staff' ? 'staff' : 'member';
}

export const OPS_MESSAGES = {
  staffOnly: 'Staff only',
  staffOnlyBody:
    'This part of Rentique is for our operations team. If you work with us, ask a colleague to give your account staff access.',
  approved: 'Listing approved',
  rejected: 'Listing rejected',
  reasonRequired: 'Give the member a reason (at least 10 characters)',
  notPending: 'This listing is not waiting for review any more',
  dispatched: 'Dispatched',
  readyAtStudio: 'Ready at the studio',
  handedOver: 'Handed over',
  checkedIn: 'Checked in',
  cleaningDone: 'Cleaning done: back on the shelf',
  sentToRepair: 'Sent to repair',
  repairDone: 'Repaired: off to cleaning',
  retired: 'Unit retired',
  feeWaived: 'Late fee waived',
  unitNotFound: 'No unit has this code',
  notDispatchable: 'This rental cannot be dispatched now',
  tooEarlyToDispatch:
    'Too early: this rental holds its unit from its shipping day (the day before a delivery starts, the day of a studio pickup)',
  unitNotOnShelf: 'The unit booked for this rental is not on the shelf',
  notOut: 'This unit is not out on a rental: there is nothing to check in',
  unitChanged: 'This unit has just been changed by someone else',
  conditionNeedsRepair: 'A unit graded needs repair or damaged goes to repair, not cleaning',
  damageNeedsRepair: 'Damage that needs a repair goes to repair, not cleaning',
  memberListingEdit: "A member's listing is changed by its owner, not from the inventory",
  noFeeToWaive: 'This rental has no late fee to waive',
  feeChanged: 'This late fee has just changed: reload it and try again',
  reasonShort: 'Give a reason (at least 10 characters)',
} as const;

/* ---------------------------------------------------------------- listings to review */

export const ACTOR_KINDS = ['staff', 'cli', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = [
  'listing.approve',
  'listing.reject',
  'staff.grant',
  'staff.revoke',
  'rental.dispatch',
  'rental.hand_over',
  'rental.condition_photos',
  'unit.check_in',
  'unit.cleaning_done',
  'unit.send_to_repair',
  'unit.repair_done',
  'unit.retire',
  'late_fee.waive',
  'item.create',
  'item.update',
  'item.add_units',
  'item.photos',
  'claim.uphold',
  'claim.reject',
  'claim.retry_charge',
  'report.resolve',
  'promo_code.create',
  'promo_code.activate',
  'promo_code.deactivate',
  'unit.retire_to_sale',
  'unit.send_kept',
  'sendoff.dispatch',
  'parcel.pack',
  'parcel.dispatch',
  'managed.receive',
  'managed.check',
  'managed.reject',
  'managed.live',
  'managed.send_back',
  'credit.goodwill',
  'damage.record',
  'deposit.release',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about: every subject the desk and the staff command write. */
export const AUDIT_SUBJECT_TYPES = [
  'rental',
  'unit',
  'claim',
  'item',
  'listing',
  'user',
  'promo_code',
  'report',
  'parcel',
] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

export const AUDIT_SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  rental: 'Rental',
  unit: 'Unit',
  claim: 'Damage claim',
  item: 'Catalogue item',
  listing: 'Listing',
  user: 'Account',
  promo_code: 'Promo code',
  report: 'Problem report',
  parcel: 'Parcel',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'listing.approve': 'Approved a listing',
  'listing.reject': 'Rejected a listing',
  'staff.grant': 'Made staff',
  'staff.revoke': 'Removed staff access',
  'rental.dispatch': 'Dispatched a rental',
  'rental.hand_over': 'Handed over at the studio',
  'rental.condition_photos': 'Added check-in photos',
  'unit.check_in': 'Checked a unit in',
  'unit.cleaning_done': 'Finished cleaning a unit',
  'unit.send_to_repair': 'Sent a unit to repair',
  'unit.repair_done': 'Finished repairing a unit',
  'unit.retire': 'Retired a unit',
  'late_fee.waive': 'Waived a late fee',
  'item.create': 'Added a catalogue item',
  'item.update': 'Edited a catalogue item',
  'item.add_units': 'Added units',
  'item.photos': 'Replaced product photos',
  'claim.uphold': 'Upheld a damage claim',
  'claim.reject': 'Rejected a damage claim',
  'claim.retry_charge': 'Charged a damage claim again',
  'report.resolve': 'Resolved a problem report',
  'promo_code.create': 'Created a promo code',
  'promo_code.activate': 'Switched a promo code on',
  'promo_code.deactivate': 'Switched a promo code off',
  'unit.retire_to_sale': 'Retired a unit to the pre-loved sale',
  'unit.send_kept': 'Sent a kept piece to its member',
  'sendoff.dispatch': 'Dispatched a pre-loved piece',
  'parcel.pack': 'Packed a parcel',
  'parcel.dispatch': 'Dispatched a parcel',
  'managed.receive': "Received a member's piece",
  'managed.check': "Checked a member's piece against her photos",
  'managed.reject': "Rejected a member's piece at intake (sent back)",
  'managed.live': "Cleaned a member's piece and put it live",
  'managed.send_back': "Sent a member's piece back to her",
  'credit.goodwill': 'Granted goodwill store credit',
  'damage.record': 'Recorded damage per the schedule',
  'deposit.release': 'Released a deposit',
};
