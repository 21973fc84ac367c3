import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type ProductInput, productInputSchema, validationMessagesHe } from '@tafrit/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/parse.js';
import { readFilePart, readingMultipart } from '../../../platform/images/multipart-file.js';

/**
 * The product form of `POST /api/products` and `PUT /api/products/{id}`, its fields parsed with their contract. It is
 * read in the method, not by a parameter pipe: the path's 404 answers before a byte of the upload is read, and the
 * form's own refusal (a file in another field) comes before the fields'.
 */
export async function readProductInput(
  request: FastifyRequest,
): Promise<{ input: ProductInput; image: Buffer | null }> {
  const { fields, image } = await readProductForm(request);
  return { input: parseWith(productInputSchema, fields), image };
}

/**
 * Multipart text fields and an optional file in `image` (5 MB at most, see app.factory.ts). A JSON body is accepted
 * too, without an image.
 */
async function readProductForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; image: Buffer | null }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: typeof body === 'object' && body !== null ? { ...body } : {}, image: null };
  }
  return readingMultipart(() => readParts(request));
}

async function readParts(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; image: Buffer | null }> {
  const fields: Record<string, unknown> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image') {
        part.file.resume();
        throw new AppError('validation.failed', {
          fields: { [part.fieldname]: validationMessagesHe.invalidImageFile },
        });
      }
      const bytes = await readFilePart(part);
      // An empty file input (the form sent no file) is no image, not a broken one.
      image = bytes.length > 0 ? bytes : null;
    } else if (typeof part.value === 'string') {
      const previous = fields[part.fieldname];
      // Tags may also come as repeated fields (tags=vegan&tags=spicy); any other repeated field keeps its last value.
      fields[part.fieldname] =
        part.fieldname === 'tags' && previous !== undefined ? [previous, part.value].flat() : part.value;
    }
  }
  return { fields, image };
}
