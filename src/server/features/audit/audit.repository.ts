import type { Kysely } from 'kysely';
import type { AuditAction, AuditQuery, AuditSubjectType } from '../../../domain/ops';
import type { DB } from '../../db/schema';

/** Who did it: a staff member (from the session), the staff command line, or the system. */
export interface AuditActor {
  kind: 'staff' | 'cli' | 'system';
  id: string | null;
  email: string | null;
}

/** A staff member acting from a request's session. */
export const staffActor = (user: { id: string; email: string }): AuditActor => ({
  kind: 'staff',
  id: user.id,
  email: user.email,
});

export interface AuditRecord {
  actor: AuditActor;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string | number;
  before: unknown;
  after: unknown;
  requestId: string | null;
  at: string;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

export function createAuditRepository(db: Kysely<DB>) {
  return {
    /** Writes one entry; call it with the transaction that makes the change. */
    async record(trx: Kysely<DB>, r: AuditRecord): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          at: r.at,
          actor_kind: r.actor.kind,
          actor_id: r.actor.id,
          actor_email: r.actor.email,
          action: r.action,
          subject_type: r.subjectType,
          subject_id: String(r.subjectId),
          before_json: json(r.before),
          after_json: json(r.after),
          request_id: r.requestId,
        })
        .execute();
    },

    /** The entries of these actions on these subjects, oldest first (the garment's passport, decision 0059). */
    forSubjects(subjectType: AuditSubjectType, subjectIds: string[], actions: AuditAction[]) {
      if (subjectIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('audit_log')
        .select(['id', 'at', 'action', 'subject_id', 'actor_email', 'after_json'])
        .where('subject_type', '=', subjectType)
        .where('subject_id', 'in', subjectIds)
        .where('action', 'in', actions)
        .orderBy('id')
        .execute();
    },

    /** Entries newest first, filtered; `limit + 1` rows so the caller knows whether more follow. */
    list(q: AuditQuery) {
      let query = db.selectFrom('audit_log').selectAll();
      if (q.actor) {
        const actor = q.actor.toLowerCase();
        if (actor === 'cli' || actor === 'system') query = query.where('actor_kind', '=', actor);
        else if (actor.includes('@')) query = query.where((eb) => eb(eb.fn('lower', ['actor_email']), '=', actor));
        else query = query.where('actor_id', '=', q.actor);
      }
      if (q.action) query = query.where('action', '=', q.action);
      if (q.subjectType) query = query.where('subject_type', '=', q.subjectType);
      if (q.subjectId) query = query.where('subject_id', '=', q.subjectId);
      if (q.before !== undefined) query = query.where('id', '<', q.before);
      return query
        .orderBy('id', 'desc')
        .limit(q.limit + 1)
        .execute();
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
