import { describe, expect, it } from 'vitest';
import { makePng } from '../listings/listings.test-helpers';
import { returnedMemberRental } from '../../test/member-rental';
import { json, staffedTestApp } from '../../test/staffed-app';

/*
 * The data file carries her problem reports (decision 0060) and her protection (decision 0064):
 * the report she made with its photo's address, and her identity check's outcome; the lender's
 * file has her answer only, never the renter's note.
 */
const now = new Date('2026-11-24T10:00:00.000Z');
const env = staffedTestApp(() => now);

describe(`download my data: problem reports and protection (${process.env.TEST_DIALECT})`, () => {
  it('lists her reports, her answers as a lender and her identity checks', async () => {
    const { t, staff } = env;
    const { lender, renter, rentalId } = await returnedMemberRental(t, { staff });
    const form = new FormData();
    form.set('data', JSON.stringify({ rentalId, reason: 'damaged', note: 'RENTERSNOTE a wine stain' }));
    form.append('photos', new File([new Uint8Array(await makePng(200, 240))], 'p.png', { type: 'image/png' }));
    const report = await json<{ id: number }>(renter.request('/api/reports', { method: 'POST', body: form }), 201);
    await json(
      lender.request(`/api/reports/${report.id}/answer`, {
        method: 'POST',
        json: { answer: 'dispute', note: 'It left me spotless' },
      }),
    );
    await json(
      renter.request('/api/protection/verification', {
        method: 'POST',
        json: { documentType: 'passport', documentNumber: 'REVIEW123', selfie: true },
      }),
    );

    const mine = await json<Record<string, unknown>>(renter.request('/api/me/export'));
    expect(mine.problemReports).toEqual([
      expect.objectContaining({
        rentalId,
        reason: 'damaged',
        note: 'RENTERSNOTE a wine stain',
        status: 'disputed',
        photos: [expect.stringMatching(/^\/api\/reports\/\d+\/photos\/0\?v=/)],
      }),
    ]);
    expect(mine.identityChecks).toEqual([expect.objectContaining({ provider: 'simulated', status: 'needs_review' })]);
    const theirs = await lender.request('/api/me/export');
    const text = await theirs.text();
    expect(JSON.parse(text).problemReportAnswers).toEqual([
      expect.objectContaining({ reportId: report.id, note: 'It left me spotless' }),
    ]);
    expect(text).not.toContain('RENTERSNOTE');
  });
});
