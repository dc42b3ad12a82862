import { DomainError, notFound } from '../../../domain/errors';
import { LENDING_MESSAGES, type BookingRequest, type Message, type Thread } from '../../../domain/lending';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/multipart';
import { withStoredPhotos } from '../../storage/storage';
import type { BookingsCore } from '../bookings';
import type { ItemPicturesService } from '../catalogue';
import { preparePhotos } from '../listings';
import type { NotificationsService } from '../notifications';
import { createLendingRepository } from './lending.repository';
import { requestViewsOf } from './request-view';

/** Condition photos a lender adds per stage (sent, returned). */
export const MAX_HANDOVER_PHOTOS = 4;

const conflict = (message: string) => new DomainError('CONFLICT', message);

/**
 * What passes between a renter and a lender (docs/product.md "Lending", decision 0035): the
 * thread of their rental, and the lender's handover photos; the two parties only, and staff
 * while a damage claim on the rental is open.
 */
export function createLendingThreadsService(
  ctx: AppContext,
  deps: {
    core: BookingsCore;
    notifications: NotificationsService;
    pictures: ItemPicturesService;
    /** Whether staff may read a rental's thread: while a damage claim on it is open (the claims feature). */
    staffMayRead: (rentalId: number) => Promise<boolean>;
  },
) {
  const { db } = ctx.database;
  const repo = createLendingRepository(db);
  const { core, notifications, staffMayRead } = deps;
  const { partyRequest, oneRequest } = requestViewsOf(ctx, repo, deps.pictures);
  const nowIso = () => ctx.clock().toISOString();

  return {
    /** Condition photos by the lender when she sends it (sent) or has it back (returned); checked like a listing's. */
    async addPhotos(
      lenderId: string,
      id: number,
      stage: 'sent' | 'returned',
      files: UploadedFile[],
    ): Promise<BookingRequest> {
      const row = await partyRequest(id, lenderId);
      if (row.lender_id !== lenderId) throw new DomainError('FORBIDDEN', 'Only the lender adds handover photos.');
      if (row.status !== 'accepted') throw conflict(LENDING_MESSAGES.notAccepted);
      if (files.length === 0)
        throw new DomainError('VALIDATION_FAILED', 'Add at least one photo', {
          issues: [{ path: 'photos', message: 'Add at least one photo' }],
        });
      if (files.length > MAX_HANDOVER_PHOTOS)
        throw new DomainError('VALIDATION_FAILED', `At most ${MAX_HANDOVER_PHOTOS} photos`, {
          issues: [{ path: 'photos', message: `at most ${MAX_HANDOVER_PHOTOS} photos` }],
        });
      const images = await preparePhotos(files);
      await withStoredPhotos(ctx.storage, images, ctx.logger, async (names) => {
        const at = nowIso();
        await db.transaction().execute(async (trx) => {
          await core.lock(trx, { rentalId: row.rental_id });
          const count = await repo.photoCount(trx, row.rental_id, stage);
          if (count + images.length > MAX_HANDOVER_PHOTOS) {
            throw new DomainError(
              'VALIDATION_FAILED',
              `At most ${MAX_HANDOVER_PHOTOS} photos: this has ${count} already.`,
              { issues: [{ path: 'photos', message: `at most ${MAX_HANDOVER_PHOTOS} photos` }] },
            );
          }
          await repo.insertPhotos(
            trx,
            images.map((img, i) => ({
              rental_id: row.rental_id,
              stage,
              position: count + i,
              file_name: names[i]!,
              content_type: img.contentType,
              width: img.width,
              height: img.height,
              bytes: img.data.length,
              created_at: at,
            })),
          );
        });
      });
      return oneRequest(id, lenderId);
    },

    /** A handover photo, for the two parties (and staff while a claim is open). */
    async photo(
      userId: string,
      staff: boolean,
      rentalId: number,
      stage: string,
      position: number,
    ): Promise<{ data: Buffer; contentType: string } | null> {
      const parties = await repo.parties(rentalId);
      if (!parties) return null;
      if (parties.user_id !== userId && parties.lender_id !== userId && !(staff && (await staffMayRead(rentalId))))
        return null;
      const row = await repo.photoAt(rentalId, stage, position);
      if (!row) return null;
      const data = await ctx.storage.get(row.file_name);
      return data ? { data, contentType: row.content_type } : null;
    },

    /* ---------------------------------------------------------------- messages */

    /**
     * The thread of a request or rental between a member and a lender: the two parties only
     * (403 for anyone else), and staff while a claim on it is open. Reading it marks it read.
     */
    async thread(userId: string, staff: boolean, rentalId: number): Promise<Thread> {
      const parties = await repo.parties(rentalId);
      if (!parties || !parties.lender_id) throw notFound('Conversation not found');
      const party = parties.user_id === userId || parties.lender_id === userId;
      if (!party && !(staff && (await staffMayRead(rentalId))))
        throw new DomainError('FORBIDDEN', LENDING_MESSAGES.threadClosed);
      const rows = await repo.messages(rentalId);
      if (party && rows.length) await repo.markRead(db, rentalId, userId, rows[rows.length - 1]!.id);
      const first = (name: string | null) => (name ?? '').split(' ')[0] || 'Member';
      const messages: Message[] = rows.map((m) => {
        const role = m.sender_id === parties.lender_id ? 'lender' : 'renter';
        return {
          id: m.id,
          from: first(role === 'lender' ? parties.lender_name : parties.renter_name),
          mine: m.sender_id === userId,
          role,
          body: m.body,
          createdAt: m.created_at,
        };
      });
      return {
        rentalId,
        itemName: parties.item_name,
        renterName: parties.renter_name,
        lenderName: parties.lender_name ?? '',
        messages,
      };
    },

    /** Writes in a thread (the two parties only); the other is notified (in the app and by e-mail, through the queue). */
    async sendMessage(userId: string, rentalId: number, body: string): Promise<Message> {
      const parties = await repo.parties(rentalId);
      if (!parties || !parties.lender_id) throw notFound('Conversation not found');
      if (parties.user_id !== userId && parties.lender_id !== userId)
        throw new DomainError('FORBIDDEN', LENDING_MESSAGES.threadClosed);
      const to = parties.user_id === userId ? parties.lender_id : parties.user_id;
      const fromName = (parties.user_id === userId ? parties.renter_name : parties.lender_name) ?? 'Member';
      const at = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        const messageId = await repo.insertMessage(trx, {
          rental_id: rentalId,
          sender_id: userId,
          body,
          created_at: at,
        });
        await repo.markRead(trx, rentalId, userId, messageId);
        await notifications.notify(trx, {
          kind: 'lending_message',
          subjectType: 'message',
          subjectId: String(messageId),
          userId: to,
          data: { itemName: parties.item_name, fromName: fromName.split(' ')[0] || fromName, rentalId },
        });
        return messageId;
      });
      return {
        id,
        from: fromName.split(' ')[0] || fromName,
        mine: true,
        role: parties.user_id === userId ? 'renter' : 'lender',
        body,
        createdAt: at,
      };
    },

    /** Messages from the other party she has not read, over all her threads. */
    async unreadCount(userId: string): Promise<number> {
      let n = 0;
      for (const v of (await repo.unreadByRental(userId)).values()) n += v;
      return n;
    },
  };
}

export type LendingThreadsService = ReturnType<typeof createLendingThreadsService>;
