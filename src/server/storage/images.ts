import sharp from 'sharp';

/** What a file's first bytes say it is; null for anything but JPEG, PNG and WebP. */
export function sniffImageType(buf: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...buf.subarray(from, to));
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/** Longest side of a stored photo, in pixels. */
export const PHOTO_MAX_SIDE = 1600;
/** Refuse decompression bombs: at most this many input pixels (a 50-megapixel photo). */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Decodes and re-encodes a photo: turned upright by its EXIF orientation, shrunk to fit
 * PHOTO_MAX_SIDE, written as WebP without the original's metadata (no GPS position leaks).
 * Throws when the bytes are not a decodable image.
 */
export async function reencodePhoto(input: Buffer): Promise<ProcessedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, contentType: 'image/webp' };
}
