import sharp from 'sharp';
import type { ListingInput } from '../../../domain/listings';

/** A real JPEG (a soft gradient-ish block) made with sharp. */
export async function makeJpeg(width = 900, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 176, g: 141, b: 87 } } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function makePng(width = 400, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 94, g: 107, b: 87, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A PNG of random noise, so it cannot compress: about width*height*3 bytes. */
export async function makeNoisePng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 4)
    raw.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, Math.min(i, raw.length - 4));
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const sampleListing = (over: Partial<ListingInput> = {}): ListingInput => ({
  name: 'Silk Slip Dress',
  brand: 'Reformation',
  category: 'Dresses',
  gender: 'Women',
  sizes: ['M'],
  description: 'Bias-cut silk slip dress in champagne, worn twice, dry-cleaned.',
  retailPriceCents: 34_800,
  rentalPriceCents: 2_999,
  handover: 'drop-off',
  // The tests written before decision 0062 are about the self-lent flow; managed-lending tests ask for 'managed'.
  lendingMode: 'self',
  ...over,
});

/** The multipart body of POST /api/listings. */
export function listingForm(input: unknown, photos: { data: Buffer; name: string; type: string }[]): FormData {
  const form = new FormData();
  form.set('data', JSON.stringify(input));
  for (const p of photos) form.append('photos', new File([new Uint8Array(p.data)], p.name, { type: p.type }));
  return form;
}
