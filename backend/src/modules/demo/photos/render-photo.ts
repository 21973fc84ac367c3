import { demoPhotos } from './demo-photos.js';

/**
 * A demo product's illustration as a PNG (lossless: the product's photo store then encodes it as it encodes an
 * owner's upload), or null for a product without one. sharp (librsvg inside) loads only when the demo is seeded.
 */
export async function renderDemoPhoto(productName: string): Promise<Buffer | null> {
  const draw = demoPhotos[productName];
  if (!draw) return null;
  const sharp = (await import('sharp')).default;
  // Fast PNG compression: the bytes only travel to the encoder next door.
  return sharp(Buffer.from(draw())).png({ compressionLevel: 1 }).toBuffer();
}
