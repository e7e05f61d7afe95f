import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { spots, uploads } from '../../db/schema';
import { AddedSpotSchema, UploadedPhotoSchema, expectContract } from '../support/contracts';
import { CookieJar } from '../support/cookie-jar';
import { pngBomb, testPhoto } from '../support/images';
import { startTestServer, type TestServer } from '../support/server';

const PASSWORD = 'photo-desk-password-2026';
const PHOTO_TOO_LARGE = 'The photo is larger than 8 MB. Choose a smaller photo, or export it at a lower resolution.';
let server: TestServer;
let db: Database;
const admin = new CookieJar();

beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: 'upload-tests-session-secret-long-enough-00' } });
  db = openDatabase({ url: server.databaseUrl });
  const login = await server.fetch('/api/admin/auth', {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  admin.store(login);
});
afterAll(async () => {
  db?.$client.close();
  await server?.stop();
});

function upload(bytes: Buffer | Uint8Array, name = 'photo.jpg', jar: CookieJar | null = admin, type = 'image/jpeg') {
  const form = new FormData();
  form.set('photo', new Blob([new Uint8Array(bytes)], { type }), name);
  return server.fetch('/api/admin/uploads', { method: 'POST', headers: { origin: server.url, ...(jar ? { cookie: jar.header() } : {}) }, body: form });
}

async function stored() {
  const [row] = await db.select({ n: count() }).from(uploads);
  return { rows: row!.n, folders: readdirSync(server.uploadDir).length };
}

describe('POST /api/admin/uploads', () => {
  it('re-encodes a JPEG: orientation applied, EXIF and GPS gone, AVIF/WebP/JPEG at each width, a blurred placeholder', async () => {
    // 1600 × 1000 stored sideways with orientation 6: the picture is 1000 wide once turned upright.
    const original = await testPhoto(1600, 1000, 'jpeg', { orientation: 6, gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(original);
    expect(response.status).toBe(201);
    const photo = expectContract(UploadedPhotoSchema, await response.json());
    expect(photo).toMatchObject({ width: 960, height: 1536, widths: [480, 960] });
    expect(photo.placeholder.length).toBeLessThan(1200);

    for (const width of photo.widths) {
      for (const [ext, type, format] of [
        ['avif', 'image/avif', 'heif'],
        ['webp', 'image/webp', 'webp'],
        ['jpg', 'image/jpeg', 'jpeg'],
      ] as const) {
        const file = await server.fetch(`/uploads/${photo.key}/${width}.${ext}`);
        expect(file.status, `${width}.${ext}`).toBe(200);
        expect(file.headers.get('content-type')).toBe(type);
        expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(file.headers.get('set-cookie')).toBeNull();
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect(meta.format).toBe(format);
        expect(meta.width).toBe(width);
        expect(meta.height! > meta.width!).toBe(true);
        expect(meta.exif, `${width}.${ext} has no EXIF`).toBeUndefined();
        expect(meta.orientation ?? 1).toBe(1);
      }
    }
  });

  it.each([
    ['PNG', 'png', 'image/png'],
    ['WebP', 'webp', 'image/webp'],
    ['AVIF', 'avif', 'image/avif'],
  ] as const)('accepts %s', async (_, format, type) => {
    const response = await upload(await testPhoto(1200, 800, format), `photo.${format}`, admin, type);
    expect(response.status).toBe(201);
    expect(expectContract(UploadedPhotoSchema, await response.json())).toMatchObject({ width: 960, height: 640, widths: [480, 960] });
  });

  it('accepts HEIC, as phones send it', async () => {
    const response = await upload(readFileSync(resolve(import.meta.dirname, '../fixtures/photo.heic')), 'IMG_0001.HEIC', admin, 'image/heic');
    expect(response.status).toBe(201);
    const photo = expectContract(UploadedPhotoSchema, await response.json());
    expect(photo).toMatchObject({ width: 480, height: 360, widths: [480] });
    const jpeg = Buffer.from(await (await server.fetch(`/uploads/${photo.key}/480.jpg`)).arrayBuffer());
    const { dominant } = await sharp(jpeg).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b); // terracotta, not a blank or garbled frame
  });

  it('keeps a small photo at its own width, and stores the same file once', async () => {
    const small = await testPhoto(300, 200, 'jpeg');
    const first = expectContract(UploadedPhotoSchema, await (await upload(small)).json());
    expect(first).toMatchObject({ width: 300, height: 200, widths: [300] });
    const before = await stored();
    const again = await upload(small);
    expect(again.status).toBe(201);
    expect((await again.json()).key).toBe(first.key);
    expect(await stored()).toEqual(before);
  });

  describe('refuses, with a sentence, and stores nothing', () => {
    const jpegStart = async () => (await testPhoto(800, 600, 'jpeg')).subarray(0, 2000);
    it.each([
      [
        'a text file',
        async () => Buffer.from('just some notes, not a picture'),
        415,
        /^That file is not a photo we can read\. Upload a JPEG, PNG, WebP, AVIF or HEIC image\.$/,
      ],
      ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415, /^SVG files are not accepted/],
      [
        'an SVG behind an XML declaration',
        async () => Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
        415,
        /^SVG files are not accepted/,
      ],
      ['a truncated JPEG', jpegStart, 422, /^The photo could not be read: the file looks damaged or incomplete/],
      ['a decompression bomb (30,000 × 30,000 pixels in a small PNG)', async () => pngBomb(), 422, /^The photo has too many pixels \(at most 50 megapixels\)/],
      ['an empty file', async () => Buffer.alloc(0), 400, /^The file is empty/],
      [
        'a file just over 8 MB',
        async () => Buffer.concat([await testPhoto(64, 64, 'jpeg'), Buffer.alloc(8 * 1024 * 1024)]),
        413,
        new RegExp(`^${PHOTO_TOO_LARGE.replace(/[.()]/g, '\\$&')}$`),
      ],
    ])('%s', async (_, make, status, message) => {
      const before = await stored();
      const response = await upload(await make());
      expect(response.status).toBe(status);
      expect((await response.json()).message).toMatch(message);
      expect(await stored()).toEqual(before);
    });

    it('a body far over the limit is stopped at the door with the same sentence', async () => {
      const response = await upload(Buffer.alloc(12 * 1024 * 1024, 1));
      expect(response.status).toBe(413);
      expect((await response.json()).message).toBe(PHOTO_TOO_LARGE);
    });

    it('without an admin session: 401, and nothing is read', async () => {
      const before = await stored();
      const response = await upload(await testPhoto(400, 300, 'jpeg'), 'photo.jpg', null);
      expect(response.status).toBe(401);
      expect(await stored()).toEqual(before);
    });

    it('a JSON body, or a form without the photo field', async () => {
      const json = await server.fetch('/api/admin/uploads', {
        method: 'POST',
        headers: { origin: server.url, cookie: admin.header(), 'content-type': 'application/json' },
        body: '{"photo":"x"}',
      });
      expect(json.status).toBe(415);
      expect((await json.json()).message).toMatch(/multipart form/);
      const form = new FormData();
      form.set('picture', new Blob([new Uint8Array(await testPhoto(100, 100, 'jpeg'))]), 'x.jpg');
      const wrongField = await server.fetch('/api/admin/uploads', { method: 'POST', headers: { origin: server.url, cookie: admin.header() }, body: form });
      expect(wrongField.status).toBe(400);
      expect((await wrongField.json()).message).toBe('Choose a photo to upload (form field "photo").');
    });
  });

  it('unknown or malformed photo addresses are 404', async () => {
    for (const path of [
      '/uploads/0123456789abcdef0123456789abcdef/480.jpg',
      '/uploads/not-a-key/480.jpg',
      '/uploads/0123456789abcdef0123456789abcdef/..%2F..%2Fapp.db',
    ]) {
      expect((await server.fetch(path)).status, path).toBe(404);
    }
  });
});

describe('a spot with an uploaded photo', () => {
  const addSpot = (body: Record<string, unknown>) =>
    server.fetch('/api/spots', {
      method: 'POST',
      headers: { origin: server.url, cookie: admin.header(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const base = { name: 'Photo Test Overlook', category: 'hike', description: 'A lookout.', mapsUrl: 'https://maps.google.com/?q=overlook' };

  it('names the photo: imageUrl is its largest JPEG and the thumbnail its 480 px copy', async () => {
    const photo = expectContract(UploadedPhotoSchema, await (await upload(await testPhoto(2000, 1333, 'jpeg'))).json());
    expect(photo.widths).toEqual([480, 960, 1600]);
    const response = await addSpot({ ...base, photoKey: photo.key });
    expect(response.status).toBe(201);
    const spot = expectContract(AddedSpotSchema, await response.json());
    expect(spot).toMatchObject({ photo, imageUrl: `/uploads/${photo.key}/1600.jpg`, thumbnailUrl: `/uploads/${photo.key}/480.jpg` });
    const [row] = await db.select().from(spots).where(eq(spots.id, spot.id));
    expect(row!.photo).toEqual(photo);
  });

  it('an unknown photo is refused and no spot is added; without photo or Image URL the form says what is missing', async () => {
    const [before] = await db.select({ n: count() }).from(spots);
    const unknown = await addSpot({ ...base, name: 'Ghost Photo', photoKey: 'f'.repeat(32) });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('The uploaded photo is not known. Upload it again.');
    const missing = await addSpot({ ...base, name: 'No Picture' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toMatchObject({ imageUrl: 'Image URL is required (or upload a photo)' });
    const [after] = await db.select({ n: count() }).from(spots);
    expect(after!.n).toBe(before!.n);
  });
});
