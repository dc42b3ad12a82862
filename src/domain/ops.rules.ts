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
  staffOnlyBody: 'This part of Rentique is for our operations team. If you work with us, ask a colleague to give your account staff access.',
  approved: 'Listing approved',
  rejected: 'Listing rejected',
  reasonRequired: 'Give the member a reason (at least 10 characters)',
  notPending: 'This listing is not waiting for review any more',
} as const;

/* ---------------------------------------------------------------- listings to review */

export const ACTOR_KINDS = ['staff', 'cli', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

export const AUDIT_ACTIONS = ['listing.approve', 'listing.reject', 'staff.grant', 'staff.revoke'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'listing.approve': 'Approved a listing',
  'listing.reject': 'Rejected a listing',
  'staff.grant': 'Made staff',
  'staff.revoke': 'Removed staff access',
};

