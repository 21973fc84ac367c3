import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { copyUploads } from '../../src/platform/storage/copy-uploads.js';
import { S3FileStore } from '../../src/platform/storage/s3-file-store.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { createCategory, createProduct, pngOf, productForm } from '../support/menu.js';
import { startLocalS3, type LocalS3 } from '../support/s3-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PREFIX = 'cafe-uploads';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let s3: LocalS3;
let bucket: S3Client;
// Two instances of the product on one bucket, as on two hosts: each with a database of its own, so each one's photo
// names come from its own sequence and collide in the bucket, which must never overwrite.
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: s3.credentials,
  });
  first = await startTestApp(s3.env(PREFIX));
  second = await startTestApp(s3.env(PREFIX));
}, 90_000);
afterAll(async () => {
  await first?.close();
  await second?.close();
  bucket?.destroy();
  await s3?.close();
});

/** Every object under the product's prefix, as the keys the product uses (its address without `/uploads/`). */
async function storedKeys(): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/` }));
  return (listed.Contents ?? []).map(({ Key }) => (Key ?? '').slice(PREFIX.length + 1)).sort();
}
const keyOf = (address: string) => address.replace(/^\/uploads\//, '');
const get = (app: TestApp, path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { headers });
const eventsOf = async (app: TestApp, stream: string) =>
  (await app.app.get<EventStore>(EVENT_STORE).readStream(stream)).events.length;
const departmentOf = async (app: TestApp, owner: SignedInOwner) =>
  (await app.database.em().findOneOrFail(BusinessEntity, { phone: owner.phone })).departmentId;
const uploadLogo = (app: TestApp, owner: SignedInOwner, bytes: Buffer) => {
  const form = new FormData();
  form.append('logo', new Blob([bytes], { type: 'image/png' }), 'logo.png');
  return call(app, 'POST', '/api/business/logo', { token: owner.token, form });
};
type Image = { small: string; large: string };

describe('photos and logos on object storage', () => {
  let owner: SignedInOwner;
  let categoryId: number;
  let photo: Image;
  let productId: number;

  it('keeps a photo in the bucket, never on disk, and every instance serves it as the menu names it', async () => {
    owner = await registerOwner(first);
    categoryId = await createCategory(first, owner);
    const product = await createProduct(first, owner, { categoryId, image: { bytes: await pngOf(900, 700) } });
    productId = product.id;
    photo = product.image as Image;
    expect(photo.small).toMatch(/^\/uploads\/products\/[0-9a-z]+-400\.webp$/);
    expect(await storedKeys()).toEqual([keyOf(photo.small), keyOf(photo.large)].sort());
    expect(existsSync(join(first.config.dataDir, 'uploads', 'products'))).toBe(false);

    const menu = await call(first, 'GET', `/api/menu/${await departmentOf(first, owner)}`);
    expect(JSON.stringify(menu.body)).toContain(photo.small);
    for (const app of [first, second]) {
      const served = await get(app, photo.small);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400, height: 300 });
      // A browser asking again with the ETag it kept gets 304, without the bytes.
      const etag = served.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      const again = await get(app, photo.small, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
    }
    const head = await fetch(`${second.url}${photo.large}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });

  it('answers a missing or malformed address with the JSON 404 envelope', async () => {
    for (const path of ['/uploads/products/zzzz-400.webp', '/uploads/logos/none.webp', '/uploads/.hidden']) {
      const answer = await get(second, path);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ success: false, code: 'not_found' });
    }
  });

  it('never overwrites: the other instance, whose sequence gives a taken name, stores under the next', async () => {
    const before = await get(first, photo.small);
    const other = await registerOwner(second);
    const otherCategory = await createCategory(second, other);
    const theirs = (
      await createProduct(second, other, { categoryId: otherCategory, image: { bytes: await pngOf(300, 300) } })
    ).image as Image;
    expect(theirs.small).not.toBe(photo.small);
    const after = await get(second, photo.small);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    expect((await get(first, theirs.large)).status).toBe(200);
  });

  it('replacing a photo stores the new one and removes the old; deleting the product removes its files', async () => {
    const replaced = await call(first, 'PUT', `/api/products/${productId}`, {
      token: owner.token,
      form: productForm({ name: 'אספרסו', price: '9.90', categoryId, image: { bytes: await pngOf(640, 480) } }),
    });
    expect(replaced.status).toBe(200);
    const newer = (replaced.body.data as { image: Image }).image;
    expect(newer.small).not.toBe(photo.small);
    const keys = await storedKeys();
    expect(keys).toEqual(expect.arrayContaining([keyOf(newer.small), keyOf(newer.large)]));
    expect(keys).not.toContain(keyOf(photo.small));
    expect((await get(second, photo.small)).status).toBe(404);
    expect((await get(second, newer.small)).status).toBe(200);

    const deleted = await call(first, 'DELETE', `/api/products/${productId}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    const left = await storedKeys();
    expect(left).not.toContain(keyOf(newer.small));
    expect(left).not.toContain(keyOf(newer.large));
    photo = (await createProduct(first, owner, { categoryId, image: { bytes: await pngOf(500, 500) } })).image as Image;
  });

  it('keeps logos in the bucket too, and removes the one a new logo replaces', async () => {
    const png = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    const firstLogo = (await uploadLogo(first, owner, png)).body.data as { business: { logo: string } };
    const logo = firstLogo.business.logo;
    expect(await storedKeys()).toContain(keyOf(logo));
    expect((await get(second, logo)).headers.get('content-type')).toBe('image/webp');
    const next = (await uploadLogo(first, owner, png)).body.data as { business: { logo: string } };
    expect(await storedKeys()).not.toContain(keyOf(logo));
    expect((await get(second, next.business.logo)).status).toBe(200);
  });

  describe('while the storage server is stopped', () => {
    beforeAll(() => s3.stop());
    afterAll(() => s3.start());

    it('refuses an upload with storage.unavailable and records nothing', async () => {
      const menuEvents = await eventsOf(first, `menu-${owner.phone}`);
      const answer = await call(first, 'POST', '/api/products', {
        token: owner.token,
        form: productForm({ name: 'קרואסון', price: '12', categoryId, image: { bytes: await pngOf(400, 400) } }),
      });
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: 'storage.unavailable' });
      expect(answer.headers.get('retry-after')).toBe('30');
      expect(await eventsOf(first, `menu-${owner.phone}`)).toBe(menuEvents);

      const businessEvents = await eventsOf(first, `business-${owner.phone}`);
      const logo = await uploadLogo(first, owner, await pngOf(300, 100));
      expect(logo.status).toBe(503);
      expect(logo.body).toMatchObject({ code: 'storage.unavailable' });
      expect(await eventsOf(first, `business-${owner.phone}`)).toBe(businessEvents);
    });

    it('still serves the menu (which only names the addresses); a photo answers 503, never 500', async () => {
      const menu = await call(first, 'GET', `/api/menu/${await departmentOf(first, owner)}`);
      expect(menu.status).toBe(200);
      expect(JSON.stringify(menu.body)).toContain(photo.small);
      const served = await get(first, photo.small);
      expect(served.status).toBe(503);
      expect(await served.json()).toMatchObject({ success: false, code: 'storage.unavailable' });
    });
  });

  it('works again once the storage server is back', async () => {
    expect((await get(second, photo.small)).status).toBe(200);
    const product = await createProduct(first, owner, { categoryId, image: { bytes: await pngOf(300, 200) } });
    expect((await get(second, (product.image as Image).small)).status).toBe(200);
  });
});

describe('npm run storage:copy', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'tafrit-uploads-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('copies an uploads folder into the bucket under the same keys, skipping what is there already', async () => {
    const store = new S3FileStore({ ...s3Config(), prefix: 'copied' });
    try {
      mkdirSync(join(folder, 'products'));
      mkdirSync(join(folder, 'logos'));
      const webp = await sharp(await pngOf(40, 30))
        .webp()
        .toBuffer();
      writeFileSync(join(folder, 'products', 'a1-400.webp'), webp);
      writeFileSync(join(folder, 'products', 'a1-800.webp'), webp);
      writeFileSync(join(folder, 'logos', `${'f'.repeat(32)}.webp`), webp);
      writeFileSync(join(folder, '.DS_Store'), 'x');
      // Already in the bucket, with other bytes: it stays as it is.
      await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: 'copied/products/a1-800.webp', Body: 'kept' }));

      const counts = await copyUploads({ folder, bucket: store });
      expect(counts).toEqual({ copied: 2, skipped: 1, ignored: ['.DS_Store'] });
      expect((await store.read('products/a1-400.webp'))?.equals(webp)).toBe(true);
      expect((await store.read('products/a1-800.webp'))?.toString()).toBe('kept');
      expect(readdirSync(join(folder, 'products'))).toHaveLength(2);

      // Run again (after an interruption, say): nothing left to copy.
      expect(await copyUploads({ folder, bucket: store })).toMatchObject({ copied: 0, skipped: 3 });
    } finally {
      store.onModuleDestroy();
    }
  });
});

const s3Config = () => ({
  kind: 's3' as const,
  bucket: s3.bucket,
  prefix: '',
  endpoint: s3.endpoint,
  region: 'us-east-1',
  credentials: s3.credentials,
});
