import type { z } from 'zod';
import { LISTING_MESSAGES, MAX_PHOTO_BYTES } from '../../domain/listings';
import { sniffImageType } from '../storage/images';
import { HttpError, validationError } from './errors';
import { findNul, nulError } from './input-guard';
import { readMultipart, type MultipartRules, type ParsedMultipart } from './multipart';

/**
 * Reads a form of photos (decision 0007): files under `photos` only, each at most MAX_PHOTO_BYTES
 * and checked by its first bytes as it arrives (JPEG, PNG or WebP), at most `maxFiles` of them
 * (more: `tooManyFiles`), and the form `fields` the route takes.
 */
export function readPhotoUpload(
  request: Request,
  rules: Pick<MultipartRules, 'fields' | 'maxFiles' | 'maxFieldBytes' | 'tooManyFiles'>,
): Promise<ParsedMultipart> {
  return readMultipart(request, {
    ...rules,
    fileField: 'photos',
    maxFileBytes: MAX_PHOTO_BYTES,
    fileTooLarge: (name) =>
      new HttpError('PAYLOAD_TOO_LARGE', `${LISTING_MESSAGES.photoTooLarge} (${name} is larger).`),
    checkStart: (start, name) =>
      sniffImageType(start)
        ? null
        : new HttpError('UNSUPPORTED_MEDIA_TYPE', `${LISTING_MESSAGES.photoType}: ${name} is not one.`),
  });
}

/**
 * The `data` field of an upload form: `what` it sends (a claim, a listing, ...) as JSON, refused
 * with a 400 when missing, not JSON, holding a NUL, or not what `schema` takes.
 */
export function parseDataField<T>(raw: string | undefined, schema: z.ZodType<T>, what: string): T {
  if (raw === undefined)
    throw new HttpError('VALIDATION_FAILED', `Invalid form: data is required (the ${what} as JSON)`, {
      issues: [{ path: 'data', message: 'is required' }],
    });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new HttpError('VALIDATION_FAILED', `Invalid form: data must be the ${what} as JSON`, {
      issues: [{ path: 'data', message: 'must be JSON' }],
    });
  }
  const nul = findNul(json, ['data']);
  if (nul !== null) throw nulError('form', nul);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error, what);
  return parsed.data;
}

/**
 * The OpenAPI body of a photo form read by `readPhotoUpload`: files under `photos` (at most
 * `max`), and, when the route takes one, a `data` field with the JSON it sends. A plain (not zod)
 * schema, so the body is read as a stream after the checks, not parsed up front.
 */
export function photoFormBody(
  photos: { max: number; description?: string; required?: boolean },
  data?: { description: string; maxLength?: number },
) {
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          required: [...(data ? ['data'] : []), ...(photos.required === false ? [] : ['photos'])],
          properties: {
            ...(data
              ? {
                  data: {
                    type: 'string' as const,
                    ...(data.maxLength !== undefined ? { maxLength: data.maxLength } : {}),
                    description: data.description,
                  },
                }
              : {}),
            photos: {
              type: 'array' as const,
              items: { type: 'string' as const, format: 'binary' },
              maxItems: photos.max,
              ...(photos.description !== undefined ? { description: photos.description } : {}),
            },
          },
        },
      },
    },
  };
}
