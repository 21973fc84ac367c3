import '@fastify/multipart';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../http/app-error.js';

/**
 * Reads an uploaded file part into memory within the multipart limits of app.factory.ts (5 MB): a larger file is a
 * 413 `payload.too_large`, whether the plugin throws or only marks the part truncated after its last chunk.
 */
export async function readFilePart(part: MultipartFile): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload.too_large');
    throw error;
  }
  if (part.file.truncated) throw new AppError('payload.too_large');
  return bytes;
}
