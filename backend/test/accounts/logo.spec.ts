import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validationMessagesHe } from '@tafrit/contracts';
import sharp from 'sharp';
import { BusinessEntity } from '../../src/modules/accounts/projections/business.entity.js';
import { EVENT_STORE, type EventStore } from '../../src/platform/event-store/event-store.port.js';
import { registerOwner, type SignedInOwner } from '../support/accounts.js';
import { call } from '../support/http-client.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
let store: EventStore;
/** 20000 x 20000 pixels in a few hundred KB: a decompression bomb (400 megapixels, 400 MB once decoded). */
let bomb: Buffer;

beforeAll(async () => {
  app = await startTestApp();
  store = app.app.get(EVENT_STORE);
  bomb = await sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    limitInputPixels: false,
  })
    .toColourspace('b-w')
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);
afterAll(() => app.close());

const logosFolder = () => join(app.config.dataDir, 'uploads', 'logos');
const storedLogos = () => (existsSync(logosFolder()) ? readdirSync(logosFolder()) : []);
const logoOf = async (phone: string) => (await app.database.em().findOneOrFail(BusinessEntity, { phone })).logo;

function upload(owner: SignedInOwner, bytes: Uint8Array, name: string, type: string, field = 'logo') {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), name);
  return call(app, 'POST', '/api/business/logo', { token: owner.token, form });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .png()
    .toBuffer();

describe('uploading a logo', () => {
  it('resizes a real image into 800 x 300, stores it as WebP and serves it for a year', async () => {
    const owner = await registerOwner(app);
    const answer = await upload(owner, await png(1600, 400), 'logo.png', 'image/png');
    expect(answer.status).toBe(200);
    const logo = (answer.body.data as { business: { logo: string } }).business.logo;
    expect(logo).toMatch(/^\/uploads\/logos\/[0-9a-f]{32}\.webp$/);
    expect(await logoOf(owner.phone)).toBe(logo);

    const served = await fetch(`${app.url}${logo}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: 'webp', width: 800, height: 200 });

    const events = (await store.readStream(`business-${owner.phone}`)).events;
    expect(events.at(-1)).toMatchObject({ type: 'LogoChanged', data: { logo, previousLogo: null } });
  });

  it('keeps a small logo small and removes the file of the logo it replaces', async () => {
    const owner = await registerOwner(app);
    const first = await upload(owner, await png(120, 90), 'a.png', 'image/png');
    const firstLogo = (first.body.data as { business: { logo: string } }).business.logo;
    const jpeg = await sharp(await png(300, 600))
      .jpeg()
      .toBuffer();
    const second = await upload(owner, jpeg, 'photo.jpg', 'image/jpeg');
    const secondLogo = (second.body.data as { business: { logo: string } }).business.logo;
    expect(storedLogos()).toContain(secondLogo.split('/').at(-1));
    expect(storedLogos()).not.toContain(firstLogo.split('/').at(-1));
    expect((await fetch(`${app.url}${firstLogo}`)).status).toBe(404);
    const served = await sharp(Buffer.from(await (await fetch(`${app.url}${secondLogo}`)).arrayBuffer())).metadata();
    expect([served.width, served.height]).toEqual([150, 300]);
  });

  describe('refuses, storing nothing', () => {
    let owner: SignedInOwner;
    let before: string[];
    beforeEach(async () => {
      owner = await registerOwner(app);
      before = storedLogos();
    });
    afterEach(async () => {
      expect(storedLogos()).toEqual(before);
      expect(await logoOf(owner.phone)).toBeNull();
      expect((await store.readStream(`business-${owner.phone}`)).events).toHaveLength(1);
    });

    const refusedAsNotAnImage = (answer: Awaited<ReturnType<typeof upload>>) => {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        success: false,
        code: 'validation.failed',
        message: validationMessagesHe.invalidImageFile,
        fields: { logo: validationMessagesHe.invalidImageFile },
      });
    };

    it('an HTML page named .png', async () =>
      refusedAsNotAnImage(
        await upload(owner, Buffer.from('<!doctype html><script>alert(1)</script>'), 'logo.png', 'image/png'),
      ));

    it('an SVG, which is a document that can carry scripts', async () =>
      refusedAsNotAnImage(
        await upload(
          owner,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'logo.svg',
          'image/svg+xml',
        ),
      ));

    it('a PNG signature followed by garbage', async () =>
      refusedAsNotAnImage(
        await upload(
          owner,
          Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]),
          'logo.png',
          'image/png',
        ),
      ));

    it('a 20000 x 20000 PNG (a decompression bomb), judged by its header before decoding', async () => {
      expect(bomb.length).toBeLessThan(1_000_000);
      const answer = await upload(owner, bomb, 'huge.png', 'image/png');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'validation.failed',
        message: validationMessagesHe.imageTooManyPixels,
      });
    });

    it('a file over 5 MB, with 413', async () => {
      const big = Buffer.concat([await png(10, 10), randomBytes(6 * 1024 * 1024)]);
      const answer = await upload(owner, big, 'big.png', 'image/png');
      expect(answer.status).toBe(413);
      expect(answer.body.code).toBe('payload.too_large');
    });

    it('a file in another field, or no file at all', async () => {
      const wrongField = await upload(owner, await png(10, 10), 'logo.png', 'image/png', 'image');
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.fields).toEqual({ logo: validationMessagesHe.logoFileMissing });
      const json = await call(app, 'POST', '/api/business/logo', { token: owner.token, body: {} });
      expect(json.status).toBe(400);
    });
  });

  it('is an owner route', async () => {
    const form = new FormData();
    form.append('logo', new Blob([await png(10, 10)], { type: 'image/png' }), 'logo.png');
    expect((await call(app, 'POST', '/api/business/logo', { form })).status).toBe(401);
  });
});
