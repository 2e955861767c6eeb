// Product photo uploads to R2 and their serving at /media/<key>: a photo is known by its bytes
// (never by its claimed type or name), anything else is refused with nothing stored, the 10 MB
// allowance is this route's alone, and what is served is the very bytes uploaded, cached as
// immutable. Real local R2 (the MEDIA binding), no mocks.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminMessages } from '../../../worker/middleware/admin-session';
import { bodyTooLargeMessage } from '../../../worker/middleware/body-limit';
import { uploadMessages } from '../../../worker/routes/catalogue/uploads';
import { isPathLikeName } from '../../../worker/services/catalogue/media';
import { MAX_PHOTO_BYTES } from '../../../worker/shared/catalogue/catalogue-rules';
import { adminCall, call, origin, signIn } from '../admin-harness';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** A file that starts with `signature`, then `size` bytes in all (random, so each one is new). */
function photoBytes(signature: number[], size = 256): Uint8Array {
  const bytes = new Uint8Array(size);
  crypto.getRandomValues(bytes.subarray(0, Math.min(size, 65_536)));
  bytes.set(signature);
  return bytes;
}
const png = (size?: number) => photoBytes(PNG_SIGNATURE, size);
const jpeg = (size?: number) => photoBytes(JPEG_SIGNATURE, size);
/** RIFF, the chunk's length, WEBP, then a VP8L chunk header. */
const webp = (size?: number) => photoBytes([...ascii('RIFF'), 0xf4, 0, 0, 0, ...ascii('WEBPVP8L')], size);

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});

async function storedKeys(): Promise<string[]> {
  return (await env.MEDIA.list()).objects.map((object) => object.key);
}

beforeEach(async () => {
  const keys = await storedKeys();
  if (keys.length > 0) await env.MEDIA.delete(keys);
});

function form(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', field = 'file'): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], name, { type }));
  return body;
}

/** As the admin's Shop screen sends it: its own Origin, the staff cookie, a multipart body. */
function upload(body: BodyInit, headers: Record<string, string> = {}) {
  return call('/api/uploads', { method: 'POST', headers: { Origin: origin, Cookie: cookie, ...headers }, body });
}

async function uploaded(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return url;
}

async function refusedWith(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual({ message });
  expect(await storedKeys()).toEqual([]);
}

describe('POST /api/uploads', () => {
  it.each([
    ['PNG', png(), 'png', 'image/png'],
    ['JPEG', jpeg(), 'jpg', 'image/jpeg'],
    ['WebP', webp(), 'webp', 'image/webp'],
  ])('stores a %s and serves it back byte for byte, immutable, with its type', async (_, bytes, extension, type) => {
    const url = await uploaded(await upload(form(bytes, `photo.${extension}`, type)));
    expect(url).toMatch(new RegExp(`^/media/products/[0-9a-f]{64}\\.${extension}$`));
    expect(await storedKeys()).toEqual([url.slice('/media/'.length)]);

    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe(type);
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('takes the type from the bytes, not from the name or the claimed type', async () => {
    const bytes = png();
    const url = await uploaded(await upload(form(bytes, 'holiday.jpg', 'image/jpeg')));
    expect(url).toMatch(/\.png$/);
    expect((await call(url)).headers.get('Content-Type')).toBe('image/png');
  });

  it('takes a photo of exactly 10 MB', async () => {
    await uploaded(await upload(form(png(MAX_PHOTO_BYTES))));
    expect(await storedKeys()).toHaveLength(1);
  });

  it('refuses a text file named photo.jpg that claims to be a JPEG, storing nothing', async () => {
    const text = new TextEncoder().encode('Not a photo at all, just some words.');
    await refusedWith(await upload(form(text, 'photo.jpg', 'image/jpeg')), 400, uploadMessages.notAPhoto);
  });

  it('refuses an empty file and a cut-off WebP header', async () => {
    await refusedWith(await upload(form(new Uint8Array(0))), 400, uploadMessages.notAPhoto);
    await refusedWith(await upload(form(webp().slice(0, 11), 'photo.webp')), 400, uploadMessages.notAPhoto);
  });

  it('refuses a 30 MB upload with 413, storing nothing', async () => {
    await refusedWith(await upload(form(png(30 * 1024 * 1024))), 413, uploadMessages.tooLarge);
  });

  it('refuses a 30 MB body sent in chunks, with no Content-Length', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(120);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(PNG_SIGNATURE));
        for (let index = 0; index < 30; index += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await call('/api/uploads', {
      method: 'POST',
      headers: { Origin: origin, Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    await refusedWith(response, 413, uploadMessages.tooLarge);
  });

  it('refuses a real PNG just over 10 MB with 413, storing nothing', async () => {
    await refusedWith(
      await upload(form(png(MAX_PHOTO_BYTES + 1), 'photo.png', 'image/png')),
      413,
      uploadMessages.tooLarge,
    );
  });

  it.each(['../x.png', 'a/b.png', 'a\\b.png', '..', 'photos..png'])(
    'refuses the path-like file name %j, storing nothing',
    async (name) => {
      await refusedWith(await upload(form(png(), name, 'image/png')), 400, uploadMessages.pathLikeName);
    },
  );

  it('refuses a file name with a NUL, storing nothing (workerd cannot read such a form at all)', async () => {
    await refusedWith(await upload(form(png(), 'a\0b.png', 'image/png')), 400, uploadMessages.notMultipart);
    expect(isPathLikeName('a\0b.png')).toBe(true);
    expect(isPathLikeName('shea-butter 200g.v2.png')).toBe(false);
  });

  it('refuses a form without the field "file", and a body that is not a form', async () => {
    await refusedWith(await upload(form(png(), 'photo.png', 'image/png', 'photo')), 400, uploadMessages.missingFile);
    const text = new FormData();
    text.append('file', 'not a file');
    await refusedWith(await upload(text), 400, uploadMessages.missingFile);
    const json = await upload(JSON.stringify({ file: 'x' }), { 'Content-Type': 'application/json' });
    await refusedWith(json, 400, uploadMessages.notMultipart);
  });

  it.each([
    ['a photo', 256],
    ['a 30 MB file (read and dropped, never held)', 30 * 1024 * 1024],
  ])('refuses %s without a staff session with 401', async (_, size) => {
    const response = await call('/api/uploads', { method: 'POST', headers: { Origin: origin }, body: form(png(size)) });
    await refusedWith(response, 401, adminMessages.unauthorized);
  });

  it.each([
    ['another site', { Origin: 'https://evil.example' }],
    ['a look-alike origin', { Origin: `${origin}.evil.example` }],
    ['no Origin', {}],
  ])('refuses an upload from %s with 403, even with a session', async (_, headers) => {
    const init = { method: 'POST', headers: { Cookie: cookie, ...headers }, body: form(png()) };
    await refusedWith(await call('/api/uploads', init), 403, adminMessages.crossSite);
  });
});

describe('the 100 KB limit elsewhere', () => {
  it('still refuses a 101 KB body on the other staff routes, multipart or JSON', async () => {
    const multipart = await call('/api/treatments', {
      method: 'POST',
      headers: { Origin: origin, Cookie: cookie },
      body: form(png(101 * 1024)),
    });
    expect(multipart.status).toBe(413);
    expect(await multipart.json()).toEqual({ message: bodyTooLargeMessage });
    const json = await adminCall(cookie, '/api/treatments', 'POST', { name: 'x'.repeat(101 * 1024) });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ message: bodyTooLargeMessage });
  });
});

describe('GET /media/<key>', () => {
  it('answers 304 to a browser that holds the same ETag, and 200 to one holding another', async () => {
    const url = await uploaded(await upload(form(webp(), 'photo.webp', 'image/webp')));
    const first = await call(url);
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();

    const again = await call(url, { headers: { 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await again.text()).toBe('');

    const other = await call(url, { headers: { 'If-None-Match': '"some-other-etag"' } });
    expect(other.status).toBe(200);
    expect((await other.arrayBuffer()).byteLength).toBe(256);
  });

  it('answers HEAD with the headers and no body', async () => {
    const url = await uploaded(await upload(form(jpeg(), 'photo.jpg', 'image/jpeg')));
    const head = await call(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Type')).toBe('image/jpeg');
    expect(head.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const etag = head.headers.get('ETag');
    expect(etag).toBeTruthy();
    expect(await head.text()).toBe('');

    const again = await call(url, { method: 'HEAD', headers: { 'If-None-Match': `"other", W/${etag}` } });
    expect(again.status).toBe(304);
    expect(again.headers.get('ETag')).toBe(etag);
  });

  it('answers 404 for a photo that is not there', async () => {
    const missing = await call(`/media/products/${'0'.repeat(64)}.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
  });

  it('serves only keys an upload makes: nothing outside products/, nothing with .., no other name', async () => {
    for (const key of ['private/notes.txt', 'products/../private/notes.txt', 'products/notes.txt']) {
      await env.MEDIA.put(key, 'staff only');
    }
    for (const path of [
      '/media/private/notes.txt',
      '/media/products/../private/notes.txt',
      '/media/products/%2e%2e/private/notes.txt',
      '/media/products/..%2Fprivate%2Fnotes.txt',
      '/media/products%2F..%2Fprivate%2Fnotes.txt',
      '/media/products/notes.txt',
    ]) {
      const response = await call(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('staff only');
    }
  });
});
