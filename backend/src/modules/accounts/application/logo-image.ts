import { validationMessagesHe } from '@tafrit/contracts';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../../platform/http/app-error.js';
import { detectImageType } from '../domain/image-signature.js';

/** Far above any real logo, far below what a decompression bomb claims (a 20000 x 20000 PNG is 400 megapixels). */
export const LOGO_MAX_INPUT_PIXELS = 40_000_000;
/** The printed QR page's limit (product-spec §9). */
export const LOGO_BOX = { width: 800, height: 300 } as const;

const invalidImage = () =>
  new AppError('validation.failed', {
    message: validationMessagesHe.invalidImageFile,
    fields: { logo: validationMessagesHe.invalidImageFile },
  });

/**
 * Turns an uploaded file into the stored logo: a real PNG, JPEG, WebP or GIF by its bytes, at most 40 megapixels by
 * its header (read before any pixel is decoded), fitted into 800 x 300 and re-encoded as WebP. Re-encoding drops
 * whatever else the file carried (metadata, trailing data, a polyglot's second life).
 */
export async function toLogoWebp(bytes: Buffer): Promise<Buffer> {
  const type = detectImageType(bytes);
  if (!type) throw invalidImage();
  let metadata: Metadata;
  try {
    // Only the header is read here (no pixel is decoded), so the size can be judged before any decoding starts.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  if (metadata.format !== type || !metadata.width || !metadata.height) throw invalidImage();
  if (metadata.width * metadata.height > LOGO_MAX_INPUT_PIXELS) {
    throw new AppError('validation.failed', {
      message: validationMessagesHe.imageTooManyPixels,
      fields: { logo: validationMessagesHe.imageTooManyPixels },
    });
  }
  try {
    // The decoder gets the same limit, in case a file's header and its data disagree.
    return await sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
}
