import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Role } from '../../../domain/ops';
import type { DB } from '../../db/schema';
import { createAuditRepository, type AuditActor } from '../audit';

export type StaffRoleResult =
  | { outcome: 'unknown' }
  | { outcome: 'changed' | 'unchanged'; user: { id: string; email: string; name: string }; role: Role };

/**
 * Gives an existing account the staff role, or takes it back (`npm run staff -- add|remove`,
 * decision 0020). The change and its audit entry are one transaction; the role is read with the
 * session on every request, so it takes effect at once. E-mail is matched case-insensitively.
 */
export async function setStaffRole(
  db: Kysely<DB>,
  email: string,
  role: Role,
  actor: AuditActor,
  now: () => Date = () => new Date(),
): Promise<StaffRoleResult> {
  const audit = createAuditRepository(db);
  const target = email.trim().toLowerCase();
  const byEmail = (eb: ExpressionBuilder<DB, 'user'>) => eb(eb.fn('lower', ['email']), '=', target);
  return db.transaction().execute(async (trx) => {
    // The write first: on SQLite a transaction that reads and then writes is refused at once
    // (SQLITE_BUSY) when the running server wrote in between, where a first write waits its turn
    // (busy_timeout). The CLI shares the file with the server. The update is conditional on the
    // role it changes, so two changes at once make one audit entry.
    const changed = await trx
      .updateTable('user')
      .set({ role })
      .where(byEmail)
      .where((eb) =>
        role === 'staff' ? eb.or([eb('role', 'is', null), eb('role', '<>', 'staff')]) : eb('role', '=', 'staff'),
      )
      .returning(['id', 'email', 'name'])
      .executeTakeFirst();
    if (!changed) {
      const user = await trx.selectFrom('user').select(['id', 'email', 'name']).where(byEmail).executeTakeFirst();
      return user ? ({ outcome: 'unchanged', user, role } as const) : ({ outcome: 'unknown' } as const);
    }
    const before: Role = role === 'staff' ? 'member' : 'staff';
    await audit.record(trx, {
      actor,
      action: role === 'staff' ? 'staff.grant' : 'staff.revoke',
      subjectType: 'user',
      subjectId: changed.id,
      before: { email: changed.email, role: before },
      after: { email: changed.email, role },
      requestId: null,
      at: now().toISOString(),
    });
    return { outcome: 'changed', user: changed, role } as const;
  });
}
