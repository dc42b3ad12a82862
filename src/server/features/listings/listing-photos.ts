import { LISTING_MESSAGES, MAX_LISTING_PHOTOS, MAX_PHOTO_BYTES } from '../../../domain/listings';
import { DomainError } from '../../../domain/errors';
import type { UploadedFile } from '../../http/multipart';
import type { Logger } from '../../logger';
import { reencodePhoto, sniffImageType, type ProcessedImage } from '../../storage/images';
import type { FileStorage } from '../../storage/storage';

/** A listing needs 1 to MAX_LISTING_PHOTOS photos in one upload. */
export function checkPhotoCount(files: UploadedFile[]): void {
  const problem =
    files.length === 0
      ? LISTING_MESSAGES.noPhoto
      : files.length > MAX_LISTING_PHOTOS
        ? LISTING_MESSAGES.tooManyPhotos
        : null;
  if (problem) throw new DomainError('VALIDATION_FAILED', problem, { issues: [{ path: 'photos', message: problem }] });
}

/**
 * Checks and re-encodes uploaded photos: at most 5 MB each (413), JPEG/PNG/WebP by their bytes,
 * whatever the name or declared type says (415), decodable by sharp (415).
 */
export async function preparePhotos(files: UploadedFile[]): Promise<ProcessedImage[]> {
  for (const f of files) {
    if (f.data.length > MAX_PHOTO_BYTES)
      throw new DomainError(
        'PAYLOAD_TOO_LARGE',
        `${LISTING_MESSAGES.photoTooLarge} (${f.name || 'photo'} is ${(f.data.length / 1024 / 1024).toFixed(1)} MB).`,
      );
  }
  const out: ProcessedImage[] = [];
  for (const f of files) {
    const bytes = f.data;
    if (!sniffImageType(bytes))
      throw new DomainError(
        'UNSUPPORTED_MEDIA_TYPE',
        `${LISTING_MESSAGES.photoType}: ${f.name || 'a photo'} is not one.`,
      );
    try {
      out.push(await reencodePhoto(bytes));
    } catch {
      throw new DomainError('UNSUPPORTED_MEDIA_TYPE', `${f.name || 'A photo'} could not be read as an image.`);
    }
  }
  return out;
}

/** Deletes stored files a listing no longer has (after its transaction): a failure is logged, never thrown. */
export async function discardFiles(storage: FileStorage, logger: Logger, names: string[]): Promise<void> {
  await Promise.all(
    names.map((n) =>
      storage.delete(n).catch((err: unknown) => logger.warn({ err, file: n }, 'could not delete upload')),
    ),
  );
}
