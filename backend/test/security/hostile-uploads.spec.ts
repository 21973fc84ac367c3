import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { crc32, createDeflate } from 'node:zlib';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call, type ApiAnswer } from '../support/http-client.js';
import { createCategory, createProduct, pngOf, productForm } from '../support/menu.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { footprintOf } from './business-footprint.js';

// test/accounts/logo.spec.ts and test/menu/products.spec.ts check each refusal's message on adding a logo or a product.
// Here: the same hostile files on every upload route (editing a product included), a pixel bomb written by hand, no
// trace anywhere (rows, events, files) and the memory the server spends on them.
let app: TestApp;
let owner: SignedInOwner;
let categoryId: number;
let productId: number;
/** 20000 x 20000 eight-bit grey pixels (400 MB decoded) in about 400 KB. */
let pixelBomb: Buffer;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerOwner(app);
  categoryId = await createCategory(app, owner);
  productId = (await createProduct(app, owner, { categoryId, image: { bytes: await pngOf(64, 64) } })).id;
  pixelBomb = await handMadePng(20_000, 20_000);
}, 120_000);
afterAll(() => app?.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid PNG of black grey pixels, written chunk by chunk without any image library (so no decoder in this process
 * has touched its pixels before the server does): IHDR with the claimed size, the zero rows deflated as a stream.
 */
async function handMadePng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter method, no interlace
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  // A row is its filter byte (0) and its pixels; 100 rows per write keep the buffer small.
  const rows = Buffer.alloc((width + 1) * 100);
  for (let written = 0; written < height; written += 100) {
    if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface HostileFile {
  bytes: () => Buffer;
  name: string;
  type: string;
  status: number;
  code: string;
}

const HOSTILE_FILES: Record<string, HostileFile> = {
  'a 20000 x 20000 PNG of a few hundred KB': {
    bytes: () => pixelBomb,
    name: 'photo.png',
    type: 'image/png',
    status: 400,
    code: 'validation.failed',
  },
  'an HTML page named .png': {
    bytes: () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
    name: 'photo.png',
    type: 'image/png',
    status: 400,
    code: 'validation.failed',
  },
  'an SVG with a script': {
    bytes: () =>
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      ),
    name: 'logo.svg',
    type: 'image/svg+xml',
    status: 400,
    code: 'validation.failed',
  },
  'a 6 MB file': {
    bytes: () => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(6 * 1024 * 1024)]),
    name: 'big.png',
    type: 'image/png',
    status: 413,
    code: 'payload.too_large',
  },
};

const UPLOAD_ROUTES: Record<string, (file: HostileFile) => Promise<ApiAnswer>> = {
  'POST /api/business/logo': (file) => {
    const form = new FormData();
    form.append('logo', new Blob([file.bytes()], { type: file.type }), file.name);
    return call(app, 'POST', '/api/business/logo', { token: owner.token, form });
  },
  'POST /api/products': (file) =>
    call(app, 'POST', '/api/products', {
      token: owner.token,
      form: productForm({
        name: 'חדש',
        price: '5',
        categoryId,
        image: { bytes: file.bytes(), name: file.name, type: file.type },
      }),
    }),
  'PUT /api/products/:id': (file) =>
    call(app, 'PUT', `/api/products/${productId}`, {
      token: owner.token,
      form: productForm({
        name: 'שונה',
        price: '6',
        categoryId,
        image: { bytes: file.bytes(), name: file.name, type: file.type },
      }),
    }),
};

const CASES = Object.entries(UPLOAD_ROUTES).flatMap(([route, upload]) =>
  Object.entries(HOSTILE_FILES).map(([label, file]) => [route, label, upload, file] as const),
);

describe('hostile files on every upload route', () => {
  it.each(CASES)('%s refuses %s with the envelope and keeps no trace', async (_route, _label, upload, file) => {
    const before = await footprintOf(app, owner.phone);
    const answer = await upload(file);
    expect(answer.status).toBe(file.status);
    expect(answer.body).toMatchObject({ success: false, code: file.code });
    expect(answer.body.message).toMatch(/[\u0590-\u05FF]/);
    // No row, no event, no file: the refusal comes before anything is written.
    expect(await footprintOf(app, owner.phone)).toEqual(before);
  });
});

describe('memory spent on hostile files', () => {
  /** The highest resident memory of this process (server included) while the request runs, above where it began. */
  async function peakGrowth(request: () => Promise<ApiAnswer>) {
    const start = process.memoryUsage().rss;
    let peak = start;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    try {
      const answer = await request();
      peak = Math.max(peak, process.memoryUsage().rss);
      return { answer, growthMb: (peak - start) / 1024 / 1024 };
    } finally {
      clearInterval(sampler);
    }
  }

  it.each(Object.entries(UPLOAD_ROUTES))(
    '%s judges the pixel bomb by its header: far less memory than its 400 MB of pixels',
    async (_route, upload) => {
      expect(pixelBomb.length).toBeLessThan(600_000);
      const { answer, growthMb } = await peakGrowth(() =>
        upload(HOSTILE_FILES['a 20000 x 20000 PNG of a few hundred KB']!),
      );
      expect(answer.status).toBe(400);
      expect(growthMb).toBeLessThan(200);
    },
  );

  it('stops reading a 6 MB file at the 5 MB limit without holding much more', async () => {
    const upload = UPLOAD_ROUTES['POST /api/products']!;
    const { answer, growthMb } = await peakGrowth(() => upload(HOSTILE_FILES['a 6 MB file']!));
    expect(answer.status).toBe(413);
    expect(growthMb).toBeLessThan(200);
  });
});
