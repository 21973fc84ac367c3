import sharp from 'sharp';
import type { SignedInOwner } from './accounts.js';
import { call } from './http-client.js';
import type { TestApp } from './test-app.js';

/** A solid-colour PNG of the given size. */
export const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

export interface ProductFields {
  name?: string;
  price?: string;
  categoryId?: number | string;
  description?: string;
  tags?: string;
  removeImage?: string;
  image?: { bytes: Uint8Array; name?: string; type?: string };
  /** A file in a field other than `image`. */
  otherFile?: { field: string; bytes: Uint8Array };
}

/** The owner's product form as the browser sends it: multipart text fields and an optional file in `image`. */
export function productForm(fields: ProductFields): FormData {
  const form = new FormData();
  for (const key of ['name', 'price', 'categoryId', 'description', 'tags', 'removeImage'] as const) {
    const value = fields[key];
    if (value !== undefined) form.append(key, String(value));
  }
  if (fields.image) {
    const { bytes, name = 'photo.png', type = 'image/png' } = fields.image;
    form.append('image', new Blob([bytes], { type }), name);
  }
  if (fields.otherFile) form.append(fields.otherFile.field, new Blob([fields.otherFile.bytes]), 'x.png');
  return form;
}

export async function createCategory(app: TestApp, owner: SignedInOwner, name = 'שתייה חמה'): Promise<number> {
  const answer = await call(app, 'POST', '/api/categories', { token: owner.token, body: { name } });
  if (answer.status !== 201) throw new Error(`category failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { id: number }).id;
}

export async function createProduct(
  app: TestApp,
  owner: SignedInOwner,
  fields: ProductFields & { categoryId: number },
): Promise<Record<string, unknown> & { id: number }> {
  const answer = await call(app, 'POST', '/api/products', {
    token: owner.token,
    form: productForm({ name: 'אספרסו', price: '9.90', ...fields }),
  });
  if (answer.status !== 201) throw new Error(`product failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as Record<string, unknown> & { id: number };
}

/** Every key of a JSON value, at every depth, as dotted paths with `[]` for list items ("products[].image.small"). */
export function keyPaths(value: unknown, prefix = ''): Set<string> {
  const paths = new Set<string>();
  if (Array.isArray(value)) {
    for (const item of value) for (const path of keyPaths(item, `${prefix}[]`)) paths.add(path);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      paths.add(path);
      for (const nested of keyPaths(child, path)) paths.add(nested);
    }
  }
  return paths;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
