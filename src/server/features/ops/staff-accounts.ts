import type { Kysely } from 'kysely';
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
export async function setStaffRole(db: Kysely<DB>, email: string, role: Role, actor: AuditActor, now: () => Date = () => new Date()): Promise<StaffRoleResult> {
  const audit = createAuditRepository(db);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('user')
      .select(['id', 'email', 'name', 'role'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
      .executeTakeFirst();
    if (!user) return { outcome: 'unknown' } as const;
    const shaped = { id: user.id, email: user.email, name: user.name };
    const before: Role = user.role === 'staff' ? 'staff' : 'member';
    if (before === role) return { outcome: 'unchanged', user: shaped, role } as const;
    const res = await trx.updateTable('user').set({ role }).where('id', '=', user.id).where('role', '=', user.role).executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return { outcome: 'unchanged', user: shaped, role } as const;
    await audit.record(trx, {
      actor,
      action: role === 'staff' ? 'staff.grant' : 'staff.revoke',
      subjectType: 'user',
      subjectId: user.id,
      before: { email: user.email, role: before },
      after: { email: user.email, role },
      requestId: null,
      at: now().toISOString(),
    });
    return { outcome: 'changed', user: shaped, role } as const;
  });
}
