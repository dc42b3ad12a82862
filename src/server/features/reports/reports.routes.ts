import { z } from '@hono/zod-openapi';
import {
  DeskReportListSchema,
  DeskReportQuerySchema,
  DeskReportSchema,
  LenderAnswerSchema,
  MAX_REPORT_PHOTOS,
  RentalReportsSchema,
  REPORT_MESSAGES,
  REPORT_WINDOW_HOURS,
  ReportInputSchema,
  ReportResolutionSchema,
  ReportSchema,
} from '../../../domain/reports';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../http/errors';
import { errorResponses, jsonBody, jsonContent, memberRoute, newRouter, staffRoute } from '../../http/openapi';
import { IdParams } from '../../http/params';
import { parseDataField, photoFormBody, readPhotoUpload } from '../../http/photo-upload';
import type { ReportsService } from './reports.service';

/** The report upload route: its body limit is the upload one (see app.ts). */
export const REPORT_UPLOAD_ROUTE = /^\/api\/reports\/?$/;

const tags = ['Problem reports'];
const deskTags = ['Operations desk (staff)'];

const PhotoParams = IdParams.extend({
  position: z
    .string()
    .regex(/^\d$/, { error: `must be a photo position from 0 to ${MAX_REPORT_PHOTOS - 1}` })
    .transform(Number),
});

const ofRental = memberRoute({
  method: 'get',
  path: '/rentals/{id}',
  tags,
  summary: "A rental's problem reports and whether its renter may report now (for its renter and lender)",
  request: { params: IdParams },
  responses: { 200: jsonContent(RentalReportsSchema, 'The rental and its reports'), ...errorResponses(400, 401, 404) },
});

const open = memberRoute({
  method: 'post',
  path: '/',
  tags,
  summary:
    'Report a problem with a rental (wrong size, damaged or stained, not as described, not arrived), with photos',
  description:
    `multipart/form-data: data (JSON: rentalId, reason, note) and up to ${MAX_REPORT_PHOTOS} photos (at least one unless not arrived), checked like a listing's. ` +
    `404 for a rental not hers; 409 more than ${REPORT_WINDOW_HOURS} hours after she received it (or after its start day, if it never came), with the reason, or while another report on it is open. ` +
    "The lender's earning for the rental is held while the report is open; both members are notified.",
  request: {
    body: photoFormBody({ max: MAX_REPORT_PHOTOS }, { description: 'The report as JSON: { rentalId, reason, note }' }),
  },
  responses: { 201: jsonContent(ReportSchema, 'The report'), ...errorResponses(400, 401, 404, 409, 413, 415) },
});

const answer = memberRoute({
  method: 'post',
  path: '/{id}/answer',
  tags,
  summary:
    "The lender's answer to a report on her piece: accept (the renter is refunded in full) or dispute (staff decide)",
  request: { params: IdParams, body: jsonBody(LenderAnswerSchema) },
  responses: { 200: jsonContent(ReportSchema, 'The report'), ...errorResponses(400, 401, 403, 404, 409) },
});

const photo = memberRoute({
  method: 'get',
  path: '/{id}/photos/{position}',
  tags,
  summary: "A report photo (WebP): for the report's two members and staff",
  request: { params: PhotoParams },
  responses: {
    200: { description: 'The photo', content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses(400, 401, 404),
  },
});

const deskList = staffRoute({
  method: 'get',
  path: '/',
  tags: deskTags,
  summary: 'Problem reports by status (open and disputed ones, oldest first, by default)',
  request: { query: DeskReportQuerySchema },
  responses: { 200: jsonContent(DeskReportListSchema, 'Reports'), ...errorResponses(400, 401, 403) },
});

const resolve = staffRoute({
  method: 'post',
  path: '/{id}/resolve',
  tags: deskTags,
  summary:
    "Resolve a report: a full or partial refund to the renter's card, or rejected with a reason; the lender's earning is adjusted; both notified; audited",
  description:
    "409 when the report is resolved already (of two resolutions at once, one wins), while the lender of a member's piece may still answer, or when nothing was paid; 400 for a partial refund not less than what was paid.",
  request: { params: IdParams, body: jsonBody(ReportResolutionSchema) },
  responses: { 200: jsonContent(DeskReportSchema, 'The report'), ...errorResponses(400, 401, 403, 404, 409) },
});

export function createReportsRoutes(_ctx: AppContext, service: ReportsService) {
  return newRouter()
    .openapi(ofRental, async (c) => c.json(await service.forRental(c.var.user.id, c.req.valid('param').id), 200))
    .openapi(open, async (c) => {
      const form = await readPhotoUpload(c.req.raw, {
        fields: ['data'],
        maxFiles: MAX_REPORT_PHOTOS,
        maxFieldBytes: 8 * 1024,
        tooManyFiles: () =>
          new HttpError('VALIDATION_FAILED', REPORT_MESSAGES.tooManyPhotos, {
            issues: [{ path: 'photos', message: REPORT_MESSAGES.tooManyPhotos }],
          }),
      });
      const input = parseDataField(form.fields.get('data'), ReportInputSchema, 'report');
      return c.json(await service.open(c.var.user.id, input, form.files), 201);
    })
    .openapi(answer, async (c) =>
      c.json(await service.answer(c.var.user.id, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(photo, async (c) => {
      const { id, position } = c.req.valid('param');
      const found = await service.photo(id, position, c.var.user);
      if (!found) throw notFound('Photo not found');
      return c.body(new Uint8Array(found.data), 200, {
        'content-type': found.contentType,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    });
}

/** The desk's reports (mounted at /api/ops/reports): staff only. */
export function createReportsDeskRoutes(_ctx: AppContext, service: ReportsService) {
  return newRouter()
    .openapi(deskList, async (c) => c.json({ reports: await service.desk(c.req.valid('query').status) }, 200))
    .openapi(resolve, async (c) =>
      c.json(
        await service.resolve(c.var.user, c.req.valid('param').id, c.req.valid('json'), c.var.requestId ?? null),
        200,
      ),
    );
}
