// The catalogue's figures for `npm run bench`: the first byte of the pages the Worker
// answers from KV (warm, and right after staff change a price), how long a price change takes to
// reach the HTML, and the upload of a 4 MB photo until the site serves it. Figures only.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { formatNaira } from '../../worker/shared/money.ts';
import { cataloguePagePaths } from '../../worker/shared/site-pages.ts';
import { median } from './bench-data.ts';

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? Number.NaN;
};
const ms = (value: number, digits = 1) => value.toFixed(digits).padStart(7);

/**
 * The static page the catalogue's pages are compared with: a prerendered file served by assets
 * (the not-found page: every public page now passes the Worker, for its menu).
 */
export const STATIC_PAGE = '/404';
/** The treatment and product whose prices the bench changes (and puts back). */
const TREATMENT = 'deep-tissue';
const PRODUCT = 'all-glow-body-oil';

interface Timed {
  /** Request start to the response's headers (fetch resolves there). */
  firstByte: number;
  /** Request start to the last byte of the body. */
  total: number;
  html: string;
  encoding: string;
}

/**
 * fetch, once more if the server had closed the kept-alive connection it reused (wrangler drops
 * idle ones, e.g. during the minutes Lighthouse takes): every request here can be sent twice.
 */
async function request(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** One GET, gzip accepted, as a browser asks for a page. */
async function timedGet(url: string): Promise<Timed> {
  const started = performance.now();
  const response = await request(url, { headers: { 'Accept-Encoding': 'gzip' } });
  const firstByte = performance.now() - started;
  const html = await response.text();
  const total = performance.now() - started;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { firstByte, total, html, encoding: response.headers.get('Content-Encoding') ?? 'none' };
}

/**
 * The first request for each catalogue page on a site that has never served it: its key is not in
 * KV yet (as after a deploy), so that request renders the page from D1. Call before anything else
 * asks for these pages; one sample each, since a key is missing only once per build.
 */
export async function firstRequestsUnrendered(baseUrl: string): Promise<Map<string, Timed>> {
  // The isolate is warm already (the server was awaited on /api/health); warm the assets path too.
  await timedGet(`${baseUrl}${STATIC_PAGE}`);
  const firsts = new Map<string, Timed>();
  for (const path of cataloguePagePaths) firsts.set(path, await timedGet(`${baseUrl}${path}`));
  return firsts;
}

async function staffSession(baseUrl: string) {
  const login = await request(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const cookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1];
  if (!login.ok || !cookie) throw new Error(`admin login failed (${login.status})`);
  return { Cookie: cookie, Origin: baseUrl };
}

interface StaffSize {
  size: string;
  price: number;
  stock: number | null;
}

/** Staff's side of the catalogue: set the treatment's price, or the product's first size's price. */
export async function catalogueEditor(baseUrl: string) {
  const session = await staffSession(baseUrl);
  const catalogue = (await (await request(`${baseUrl}/api/catalogue`, { headers: session })).json()) as {
    treatments: Array<{ _id: string; price: number }>;
    products: Array<{ _id: string; sizes: StaffSize[] }>;
  };
  const treatment = catalogue.treatments.find((item) => item._id === TREATMENT);
  const product = catalogue.products.find((item) => item._id === PRODUCT);
  if (!treatment || !product) throw new Error(`${TREATMENT} or ${PRODUCT} is not in the catalogue`);
  const put = async (path: string, body: unknown) => {
    const started = performance.now();
    const response = await request(`${baseUrl}${path}`, {
      method: 'PUT',
      headers: { ...session, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`PUT ${path} answered ${response.status}`);
    return performance.now() - started;
  };
  const sizes = product.sizes.map(({ size, price, stock }) => ({ size, price, stock }));
  return {
    session,
    treatmentPrice: treatment.price,
    productPrice: sizes[0]?.price ?? 0,
    /** Saves the treatment's price; resolves with the save's duration (ms) once it has answered. */
    setTreatmentPrice: (price: number) => put(`/api/treatments/${TREATMENT}`, { price }),
    setProductPrice: (price: number) =>
      put(`/api/products/${PRODUCT}`, { sizes: sizes.map((size, index) => (index === 0 ? { ...size, price } : size)) }),
  };
}

/** Polls `path` until its HTML shows `price`; ms from the call, or NaN after `timeoutMs`. */
async function untilShown(baseUrl: string, path: string, price: number, timeoutMs = 90_000): Promise<number> {
  const started = performance.now();
  const text = formatNaira(price);
  while (performance.now() - started < timeoutMs) {
    if ((await timedGet(`${baseUrl}${path}`)).html.includes(text)) return performance.now() - started;
  }
  return Number.NaN;
}

/** Waits until both pages show the prices (after a change, before Lighthouse measures them). */
export async function waitUntilPagesShow(baseUrl: string, treatmentPrice: number, productPrice: number) {
  await untilShown(baseUrl, '/massage-therapy', treatmentPrice);
  await untilShown(baseUrl, '/ecommerce', productPrice);
}

/** The page carries `price`: shown (₦44,320), or in its structured data or embedded catalogue (44320). */
const mentions = (html: string, price: number) =>
  html.includes(formatNaira(price)) || new RegExp(`[^\\w.]${price}[^\\w.]`).test(html);

/** A price no page shows yet: the round's own, so the HTML can be searched for it. */
const roundPrice = (base: number, round: number) => 43_210 + base * 1_000 + round * 10;

/** Each page's first and last byte, warm (`samples` requests after five to warm it). */
async function warmFirstBytes(baseUrl: string, samples: number) {
  const warm = new Map<string, { firstByte: number[]; total: number[]; encoding: string }>();
  for (const path of [STATIC_PAGE, ...cataloguePagePaths]) {
    for (let index = 0; index < 5; index++) await timedGet(`${baseUrl}${path}`);
    const firstByte: number[] = [];
    const total: number[] = [];
    let encoding = '';
    for (let index = 0; index < samples; index++) {
      const timed = await timedGet(`${baseUrl}${path}`);
      firstByte.push(timed.firstByte);
      total.push(timed.total);
      encoding = timed.encoding;
    }
    warm.set(path, { firstByte, total, encoding });
  }

  return warm;
}

/** From a price's save until /massage-therapy's HTML shows it (polled back to back), `rounds` times. */
async function printSaveToPage(baseUrl: string, editor: Awaited<ReturnType<typeof catalogueEditor>>, rounds: number) {
  const visible: number[] = [];
  const fromStart: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const price = roundPrice(3, round);
    const saveTook = await editor.setTreatmentPrice(price);
    const shown = await untilShown(baseUrl, '/massage-therapy', price);
    visible.push(shown);
    fromStart.push(shown + saveTook);
  }
  const seen = visible.filter((value) => !Number.isNaN(value));
  console.log(
    `  price change to /massage-therapy's HTML: median ${median(seen).toFixed(1)} ms after the save answered, max ${Math.max(...seen).toFixed(1)}; from the save's start median ${median(fromStart.filter((v) => !Number.isNaN(v))).toFixed(1)} ms (n=${seen.length} of ${rounds}, polled back to back)`,
  );
}

/**
 * First byte of the catalogue pages and the static page, warm (the page kept in KV) and right after
 * a price change, and the time from a save until /massage-therapy shows it.
 */
export async function printCatalogueFirstByte(baseUrl: string, unrendered: Map<string, Timed> | undefined) {
  const samples = 30;
  const rounds = 10;
  console.log(
    `\nCatalogue pages (issue 21): first byte, sequential, gzip accepted, ms; ${STATIC_PAGE} is a static file served by assets`,
  );
  console.log('  route              warm (in KV, n=30)                        first request after a price change');
  console.log('                     first byte  p95     last byte  encoding   first byte  last byte  new price in it');
  const editor = await catalogueEditor(baseUrl);
  const warm = await warmFirstBytes(baseUrl, samples);

  // Each round: staff save a new price (a treatment's, then a product's), and as soon as the save
  // has answered, one request for each page (the treatment's pages after the treatment's save, the
  // shop after the product's); then the next round waits until both are shown everywhere.
  const after = new Map<string, { firstByte: number[]; total: number[]; shown: number }>();
  const saves: number[] = [];
  const record = (path: string, timed: Timed, price: number) => {
    const entry = after.get(path) ?? { firstByte: [], total: [], shown: 0 };
    entry.firstByte.push(timed.firstByte);
    entry.total.push(timed.total);
    if (mentions(timed.html, price)) entry.shown++;
    after.set(path, entry);
  };
  for (let round = 1; round <= rounds; round++) {
    const treatmentPrice = roundPrice(1, round);
    saves.push(await editor.setTreatmentPrice(treatmentPrice));
    for (const path of cataloguePagePaths.filter((page) => page !== '/ecommerce')) {
      record(path, await timedGet(`${baseUrl}${path}`), treatmentPrice);
    }
    const productPrice = roundPrice(2, round);
    saves.push(await editor.setProductPrice(productPrice));
    record('/ecommerce', await timedGet(`${baseUrl}/ecommerce`), productPrice);
    await waitUntilPagesShow(baseUrl, treatmentPrice, productPrice);
  }

  for (const path of [STATIC_PAGE, ...cataloguePagePaths]) {
    const hot = warm.get(path);
    if (!hot) continue;
    const changed = after.get(path);
    const afterColumns = changed
      ? `${ms(median(changed.firstByte))}     ${ms(median(changed.total))}    ${changed.shown} of ${changed.firstByte.length}`
      : '   (a static file: no change reaches it)';
    console.log(
      `  ${path.padEnd(18)} ${ms(median(hot.firstByte))}  ${ms(p95(hot.firstByte))}  ${ms(median(hot.total))}  ${hot.encoding.padEnd(9)} ${afterColumns}`,
    );
  }
  console.log(
    `  (after a change: median of ${rounds} rounds, / /massage-therapy /booking after a treatment's price, /ecommerce after a product's; staff save itself median ${median(saves).toFixed(1)} ms, n=${saves.length})`,
  );
  if (unrendered) {
    const line = cataloguePagePaths
      .map((path) => {
        const timed = unrendered.get(path);
        return timed ? `${path} ${timed.firstByte.toFixed(1)} (${timed.total.toFixed(1)})` : `${path} -`;
      })
      .join(', ');
    console.log(
      `  key not in KV yet (the first request after start renders from D1; n=1 each), first byte (last byte): ${line}`,
    );
  }

  await printSaveToPage(baseUrl, editor, rounds);

  await editor.setTreatmentPrice(editor.treatmentPrice);
  await editor.setProductPrice(editor.productPrice);
  await waitUntilPagesShow(baseUrl, editor.treatmentPrice, editor.productPrice);
}

/** A real PNG of about `bytes` (RGB noise, stored uncompressed), different every call. */
export function noisePng(bytes = 4 * 1024 * 1024): Buffer {
  const width = 1024;
  const rowBytes = 1 + width * 3;
  const height = Math.ceil(bytes / rowBytes);
  const raw = randomBytes(rowBytes * height);
  for (let row = 0; row < height; row++) raw[row * rowBytes] = 0; // filter: none
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** POST /api/uploads of a 4 MB photo, then GET of the address it answered, until the last byte. */
export async function printUpload(baseUrl: string) {
  const runs = 5;
  const session = await staffSession(baseUrl);
  const posts: number[] = [];
  const gets: number[] = [];
  const served: number[] = [];
  let size = 0;
  for (let run = 0; run < runs; run++) {
    const png = noisePng();
    size = png.length;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `photo-${run}.png`);
    const started = performance.now();
    const response = await request(`${baseUrl}/api/uploads`, { method: 'POST', headers: session, body: form });
    const { url } = (await response.json()) as { url?: string };
    const posted = performance.now();
    if (response.status !== 201 || !url) throw new Error(`POST /api/uploads answered ${response.status}`);
    const photo = await request(`${baseUrl}${url}`);
    const body = Buffer.from(await photo.arrayBuffer());
    const done = performance.now();
    if (!photo.ok || photo.headers.get('Content-Type') !== 'image/png' || !body.equals(png)) {
      throw new Error(`GET ${url} did not serve the uploaded photo (${photo.status})`);
    }
    posts.push(posted - started);
    gets.push(done - posted);
    served.push(done - started);
  }
  console.log(
    `\nPhoto upload (issue 21): a ${(size / 1024 / 1024).toFixed(1)} MB PNG (${size} bytes), median of ${runs}`,
  );
  console.log(
    `  POST /api/uploads start to GET of its url served   median ${median(served).toFixed(0)} ms  (POST ${median(posts).toFixed(0)} ms, GET ${median(gets).toFixed(0)} ms; max ${Math.max(...served).toFixed(0)} ms)`,
  );
}
