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

/**
 * Runs the reading of a multipart body, turning a body the parser cannot read (an empty or missing boundary, no
 * closing boundary, a broken part header: busboy's plain errors) into 400 `validation.failed`; they answered 500.
 * Errors that already say what they are pass through: ours (AppError), and the plugin's own, which carry a status
 * (a file too large, the client's premature close, which the exception filter keeps quiet).
 */
export async function readingMultipart<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('validation.failed');
  }
}
