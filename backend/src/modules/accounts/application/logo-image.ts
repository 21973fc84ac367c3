import { encodeOrRefuse, MAX_INPUT_PIXELS, openUploadedImage } from '../../../platform/images/uploaded-image.js';

/** The shared limit of every uploaded image (platform/images). */
export const LOGO_MAX_INPUT_PIXELS = MAX_INPUT_PIXELS;
/** The printed QR page's limit (product-spec §9). */
export const LOGO_BOX = { width: 800, height: 300 } as const;

/**
 * Turns an uploaded file into the stored logo: checked by the shared upload rules (platform/images), fitted into
 * 800 x 300 and re-encoded as WebP.
 */
export async function toLogoWebp(bytes: Buffer): Promise<Buffer> {
  const image = await openUploadedImage(bytes, 'logo');
  return encodeOrRefuse('logo', () =>
    image
      .resize({ ...LOGO_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer(),
  );
}
