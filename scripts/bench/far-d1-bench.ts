/**
 * The far database's figures of `npm run bench` (BENCH_ONLY=far-d1): the built site served with
 * FAR_D1_MS added to every D1 call (far-d1-worker.ts), as a Worker in Lagos waits on the primary
 * in Europe, and for each route a visitor or the desk waits on most, the D1 trips it waited for
 * in turn (its `X-D1-Trips`) and its time, median of SAMPLES, each beside its goal (issue 51: one
 * trip, 150 ms; the payment start 250 ms). Every sample asks from a network of its own, under the
 * rate limits.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, lagosDate } from '../../worker/shared/time.ts';
import { writeLocalConfig } from '../lib/local-secrets.ts';
import { builtConfig, type RunningSite, startBuiltSite } from '../lib/wrangler.ts';
import { accountSessionSql, bookingStartBody, median } from './bench-data.ts';

export const FAR_D1_MS = 100;
const SAMPLES = 7;
/** A signed-in client's cookie value (an email's session: `e.`); the seed keeps only its SHA-256. */
const ACCOUNT_TOKEN = 'e.far-d1-bench-account-token-0123456789abcdefghijklmn';
const CLIENT = 'far@example.com';

/** The built site's config with the far database's wrapper as its entry, bundled by wrangler. */
function farConfig(): string {
  const local = writeLocalConfig(builtConfig);
  const config = JSON.parse(readFileSync(local, 'utf8')) as Record<string, unknown>;
  const folder = dirname(local);
  const far = {
    ...config,
    main: fileURLToPath(new URL('./far-d1-worker.ts', import.meta.url)),
    no_bundle: false,
    alias: { 'built-worker': resolve(folder, String(config.main)) },
    define: { FAR_D1_MS: String(FAR_D1_MS) },
  };
  const path = join(folder, 'wrangler.far-d1.json');
  writeFileSync(path, JSON.stringify(far));
  return path;
}

let networks = 0;
/** A network address of its own for each request (the limiters count each network). */
const network = () => {
  networks++;
  return `10.51.${Math.floor(networks / 256) % 256}.${networks % 256}`;
};

interface Asked {
  path: string;
  method?: string;
  body?: unknown;
  cookie?: string;
  expect?: number;
}

async function ask(baseUrl: string, { path, method = 'GET', body, cookie, expect = 200 }: Asked) {
  const headers: Record<string, string> = { Origin: baseUrl, 'CF-Connecting-IP': network() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== expect) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms, trips: Number(response.headers.get('X-D1-Trips') ?? Number.NaN), response, text };
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0] ?? '')
    .find((each) => each.startsWith(`${name}=`));

/** A booking of Swedish on `date` at 11:00 for `email`, as the booking page starts its payment. */
const bookingStart = (date: string, email: string) => ({
  path: '/api/payment/initialize',
  method: 'POST',
  body: bookingStartBody({ date, time: '11:00', email, name: 'Far Away' }),
});

/** A booking paid through the local test checkout, as its payer's browser returns: its reference and manage link. */
async function paidBooking(baseUrl: string) {
  const started = await ask(baseUrl, bookingStart(addDays(lagosDate(new Date()), 30), CLIENT));
  const reference = (JSON.parse(started.text) as { data: { reference: string } }).data.reference;
  const payer = cookieOf(started.response, '__Host-spa_payer');
  const paid = await fetch(`${baseUrl}/api/payment/test-checkout/${reference}`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`test checkout: ${paid.status}`);
  const verified = await ask(baseUrl, {
    path: '/api/payment/verify',
    method: 'POST',
    body: { reference },
    cookie: payer,
  });
  const manageUrl = (JSON.parse(verified.text) as { data: { manageUrl?: string } }).data.manageUrl;
  if (!manageUrl) throw new Error(`verify showed no manage link: ${verified.text}`);
  return { reference, manageUrl };
}

async function staffCookie(baseUrl: string) {
  const login = await ask(baseUrl, {
    path: '/api/auth/login',
    method: 'POST',
    body: { username: 'admin', password: 'spa-admin-local' },
  });
  const cookie = login.response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('admin login set no cookie');
  return cookie;
}

export async function printFarD1(besideGoal: (figure: string, goal: string, met: boolean) => string) {
  const site: RunningSite = await startBuiltSite(
    '.dev.vars.example',
    accountSessionSql(ACCOUNT_TOKEN, `email:${CLIENT}`),
    'warn',
    farConfig(),
  );
  try {
    const { baseUrl } = site;
    const day = addDays(lagosDate(new Date()), 2);
    const { reference, manageUrl } = await paidBooking(baseUrl);
    const staff = await staffCookie(baseUrl);
    let starts = 0;
    /** Each start a day of its own and a client of its own (a new hold, never a replaced one), its times seen first as a visitor sees them. */
    const nextStart = async () => {
      starts++;
      const date = addDays(day, starts);
      await ask(baseUrl, { path: `/api/availability?date=${date}&treatments=swedish` });
      return bookingStart(date, `far${starts}@example.com`);
    };
    const routes: Array<[string, () => Asked | Promise<Asked>, number]> = [
      ['availability, a day', () => ({ path: `/api/availability?date=${day}&treatments=swedish` }), 150],
      [
        'availability, the month',
        () => ({ path: `/api/availability/month?month=${day.slice(0, 7)}&treatments=swedish` }),
        150,
      ],
      [
        'coupon check',
        () => ({ path: '/api/validate-coupon', method: 'POST', body: { code: 'NOPE', amount: 25_000 } }),
        150,
      ],
      ['voucher check', () => ({ path: '/api/vouchers/check', method: 'POST', body: { code: 'GV-NOPE-NOPE' } }), 150],
      ['payment start', nextStart, 250],
      ['verify (recorded)', () => ({ path: '/api/payment/verify', method: 'POST', body: { reference } }), 150],
      ['manage page', () => ({ path: `/api${manageUrl}` }), 150],
      ['GET /api/account', () => ({ path: '/api/account', cookie: `__Host-account=${ACCOUNT_TOKEN}` }), 150],
      ['Today', () => ({ path: `/api/today?date=${lagosDate(new Date())}`, cookie: staff }), 150],
      ['staff bookings list', () => ({ path: '/api/bookings?status=booked&page=1&pageSize=25', cookie: staff }), 150],
    ];
    console.log(`\nA far database: ${FAR_D1_MS} ms added to every D1 call (median of ${SAMPLES}, sequential)`);
    for (const [label, request, goalMs] of routes) {
      const samples = [];
      for (let sample = 0; sample < SAMPLES; sample++) samples.push(await ask(baseUrl, await request()));
      const trips = Math.max(...samples.map((each) => each.trips));
      const ms = median(samples.map((each) => each.ms));
      console.log(
        `  ${label.padEnd(24)} trips ${besideGoal(String(trips), '1', trips <= 1).padEnd(22)}  ${besideGoal(`${ms.toFixed(0)} ms`, `≤ ${goalMs} ms`, ms <= goalMs)}`,
      );
    }
  } finally {
    await site.stop();
  }
}
