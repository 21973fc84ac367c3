import { validationMessagesHe } from '@tafrit/contracts';
import type { Metadata, Sharp } from 'sharp';
import { AppError } from '../http/app-error.js';
import { detectImageType } from './image-signature.js';

/** Far above any real photo, far below what a decompression bomb claims (a 20000 x 20000 PNG is 400 megapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** sharp (native code) loads with the first upload, not with every start of the server. */
const loadSharp = async () => (await import('sharp')).default;

/** 400 `validation.failed` naming the form field that carried the file. */
export const invalidImage = (field: string) =>
  new AppError('validation.failed', {
    message: validationMessagesHe.invalidImageFile,
    fields: { [field]: validationMessagesHe.invalidImageFile },
  });

/**
 * Checks an uploaded file before any pixel is decoded and answers a decoder for it: a real PNG, JPEG, WebP or GIF by
 * its bytes (never by its name or claimed type; SVG is refused), whose header sharp can read, agreeing with the bytes,
 * and at most 40 megapixels. The decoder carries the same pixel limit, in case the header and the data disagree.
 * Callers re-encode (WebP), which drops whatever else the file carried (metadata, trailing data, a polyglot's second
 * life).
 */
export async function openUploadedImage(bytes: Buffer, field: string): Promise<Sharp> {
  const type = detectImageType(bytes);
  if (!type) throw invalidImage(field);
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    // Only the header is read here, so the size can be judged before any decoding starts.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage(field);
  }
  if (metadata.format !== type || !metadata.width || !metadata.height) throw invalidImage(field);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new AppError('validation.failed', {
      message: validationMessagesHe.imageTooManyPixels,
      fields: { [field]: validationMessagesHe.imageTooManyPixels },
    });
  }
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
}

/** Runs an encoding step; a file that fails to decode halfway is the caller's bad upload, not a server error. */
export async function encodeOrRefuse<T>(field: string, encode: () => Promise<T>): Promise<T> {
  try {
    return await encode();
  } catch {
    throw invalidImage(field);
  }
}
