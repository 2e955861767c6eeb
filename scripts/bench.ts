// `npm run bench`: prints the performance figures of the current code, for the built site served
// by wrangler as in production (compressed assets). Figures only: nothing here passes or fails.
//   1. bundle sizes (gzip) of what the build wrote
//   2. first-load JavaScript of each public page, as Chromium downloads it
//   3. API and static latency (sequential requests)
//   4. the staff admin with 5,000 bookings and 1,000 orders: list, export and figures latency, the
//      time until the bookings list shows in Chromium, and the admin-only script bytes; then
//      scheduling with 10 therapists, 6 rooms and 5,000 bookings in a month: availability for a
//      day and for the month, and the Calendar's day of 80 bookings drawn in Chromium
//   5. the HTML each public page answers (raw and gzip bytes) and whether its <h1> is in it
//   6. Lighthouse mobile scores and paints per public page and the admin login, median of
//      BENCH_RUNS runs (default 3), one run at a time
//   7. the API under load from a second process (scripts/bench/load-test.ts, autocannon), each
//      route beside the constant /api/ping
// Section 1 also prints the Worker's upload from wrangler's dry run and its startup CPU from
// `wrangler check startup`; every figure with a goal (scripts/lib/budget.ts) is printed beside it.
//   8. the catalogue's pages, which the Worker answers from KV (scripts/bench/catalogue-bench.ts):
//      first byte beside the static /about, warm and right after staff change a price, the first
//      request of each before its page was ever rendered, the time until a saved price is in
//      /massage-therapy's HTML, Lighthouse of /massage-therapy and /ecommerce after a price change
//      (section 6 measured them before it), and a 4 MB photo's upload until the site serves it
//   9. the team (scripts/bench/team-bench.ts): one sign-in's password hash (CPU) and the
//      whole sign-in, the password rules' check, and the Clients search with 20,000 clients
//  10. Today on a phone (scripts/bench/today-bench.ts): the day of 80 visits at 390 px on
//      a throttled phone profile, first paint and visits shown, online and with the network gone
//  11. the waitlist (scripts/bench/waitlist-bench.ts): what a freed place's offering adds
//      to a staff cancellation's answer, beside cancellations nobody waits for
//  12. reports (scripts/bench/reports-bench.ts): GET /api/reports for a month and a year
//      over two years of data (50,000 bookings), p50 and p99, on a site of its own
//  13. the client page (scripts/bench/account-bench.ts), on the reports' site: a code request's p50
//      for a known and an unknown address, side by side, and GET /api/account's p50
//  14. a far database (scripts/bench/far-d1-bench.ts), on a site of its own: 100 ms added to every
//      D1 call, and the trips and time of the routes visitors and the desk wait on most
// BENCH_ONLY=catalogue,lighthouse (a comma-separated list of size, first-load, latency, admin,
// scheduling, html, load, lighthouse, catalogue, team, today, waitlist, reports, account, far-d1)
// runs the build and those sections alone; unset: all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { indexablePages } from '../worker/shared/site-pages.ts';
import { lagosDate } from '../worker/shared/time.ts';
import { accountSeedSql, printAccount } from './bench/account-bench.ts';
import { median } from './bench/bench-data.ts';
import {
  catalogueEditor,
  firstRequestsUnrendered,
  printCatalogueFirstByte,
  printUpload,
  waitUntilPagesShow,
} from './bench/catalogue-bench.ts';
import { printFarD1 } from './bench/far-d1-bench.ts';
import { printReports, reportsSeedSql } from './bench/reports-bench.ts';
import {
  benchMonthStart,
  CALENDAR_DAY_BOOKINGS,
  calendarDay,
  SCHEDULE_BOOKINGS,
  SCHEDULE_ROOMS,
  SCHEDULE_THERAPISTS,
  scheduleSeedSql,
  timeCalendarInBrowser,
} from './bench/schedule-bench.ts';
import { clientsSeedSql, printClientsSearch, printSignIn } from './bench/team-bench.ts';
import { timeTodayOnPhone } from './bench/today-bench.ts';
import { printWaitlistCancellations, waitlistSeedSql } from './bench/waitlist-bench.ts';
import { besideGoal, budget, emptyWorkerConfig, firstLoadScripts, startupCpuMs, workerUpload } from './lib/budget.ts';
import { chromiumFlags, chromiumPath } from './lib/chromium.ts';
import { packageBin, startBuiltSite, viteBuild } from './lib/wrangler.ts';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const BENCH_BOOKINGS = 5_000;
const BENCH_ORDERS = 1_000;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const section = (name: string) => !only || only.includes(name);

viteBuild();

if (section('size')) {
  printBundleSizes();
  printWorkerUpload();
}

const monthStart = benchMonthStart();

// Request logging at warn level: a line per request would measure the terminal, not the worker.
// The sections below share one site; `size` needs none, `reports` and `account` have their own.
const ownSites = new Set(['size', 'reports', 'account', 'far-d1']);
const site = only?.every((name) => ownSites.has(name))
  ? undefined
  : await startBuiltSite(
      '.dev.vars.example',
      `${adminSeedSql()};\n${scheduleSeedSql(monthStart)};\n${clientsSeedSql()};\n${waitlistSeedSql(monthStart)}`,
      'warn',
    );
if (site) {
  try {
    // Before any other request for them: the catalogue's pages are not in KV yet, as after a deploy.
    const unrendered = section('catalogue') ? await firstRequestsUnrendered(site.baseUrl) : undefined;
    // The admin's figures count the scripts no public page loads.
    const publicScripts =
      section('first-load') || section('admin') ? await printFirstLoadJs(site.baseUrl) : new Set<string>();
    if (section('latency')) await printLatency(site.baseUrl);
    if (section('admin')) await printAdmin(site.baseUrl, publicScripts);
    if (section('team')) {
      await printSignIn(site.baseUrl);
      await printClientsSearch(site.baseUrl);
    }
    if (section('scheduling')) await printScheduling(site.baseUrl);
    if (section('today')) await printToday(site.baseUrl);
    if (section('html')) await printHtml(site.baseUrl);
    // The load test and Lighthouse each take the whole machine: one after the other, never together.
    if (section('load')) await printLoad(site.baseUrl);
    if (section('lighthouse')) printLighthouse(site.baseUrl);
    // After the figures that read the scheduling month: it cancels 28 of its visits.
    if (section('waitlist')) await printWaitlistCancellations(site.baseUrl);
    // Last: it changes prices (and puts them back), so everything above measured today's catalogue.
    if (section('catalogue')) await printCatalogue(site.baseUrl, unrendered);
  } finally {
    await site.stop();
  }
}

// Two years of a busy studio: a database of its own, so the other sections measure theirs.
if (section('reports') || section('account')) {
  const reportsSite = await startBuiltSite(
    '.dev.vars.example',
    `${reportsSeedSql(lagosDate(new Date()))};\n${accountSeedSql()}`,
    'warn',
  );
  try {
    if (section('reports')) await printReports(reportsSite.baseUrl, besideGoal);
    if (section('account')) await printAccount(reportsSite.baseUrl, besideGoal);
  } finally {
    await reportsSite.stop();
  }
}

if (section('far-d1')) await printFarD1(besideGoal);

/** Section 8: the catalogue's pages and photos. */
async function printCatalogue(
  baseUrl: string,
  unrendered: Awaited<ReturnType<typeof firstRequestsUnrendered>> | undefined,
) {
  await printCatalogueFirstByte(baseUrl, unrendered);
  // Lighthouse once staff have changed a treatment's and a product's price and the pages show them.
  const editor = await catalogueEditor(baseUrl);
  const treatmentPrice = editor.treatmentPrice + 1_500;
  const productPrice = editor.productPrice + 500;
  await editor.setTreatmentPrice(treatmentPrice);
  await editor.setProductPrice(productPrice);
  await waitUntilPagesShow(baseUrl, treatmentPrice, productPrice);
  printLighthouse(baseUrl, ['/massage-therapy', '/ecommerce'], 'after a price change');
  await editor.setTreatmentPrice(editor.treatmentPrice);
  await editor.setProductPrice(editor.productPrice);
  await printUpload(baseUrl);
}

/** What `wrangler deploy` would upload, as its dry run reports it, and the Worker's startup CPU. */
function printWorkerUpload() {
  const { raw, gzip } = workerUpload();
  const goal = budget.workerGzip.goal;
  const startupRuns = 9;
  console.log(
    `\nThe Worker (wrangler deploy --dry-run; wrangler check startup, median of ${startupRuns} each, alternated)`,
  );
  console.log(`  upload   ${besideGoal(`${kb(gzip)} gzip (${kb(raw)} raw)`, `≤ ${kb(goal)}`, gzip <= goal)}`);
  const empty = emptyWorkerConfig();
  const own: number[] = [];
  const floor: number[] = [];
  try {
    for (let run = 0; run < startupRuns; run++) {
      own.push(startupCpuMs());
      floor.push(startupCpuMs(empty));
    }
  } finally {
    rmSync(dirname(empty), { recursive: true, force: true });
  }
  const startup = median(own);
  const emptyStartup = median(floor);
  const allowed = emptyStartup + budget.startupMs.aboveEmpty;
  console.log(
    `  startup  ${besideGoal(`${startup.toFixed(1)} ms CPU`, `≤ ${allowed.toFixed(1)} ms`, startup <= allowed)}`,
  );
  console.log(
    `           an empty Worker ${emptyStartup.toFixed(1)} ms CPU; the goal is ${budget.startupMs.aboveEmpty} ms above it`,
  );
}

/** The API under load from a second process; figures per route and beside the constant floor. */
async function printLoad(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, 'CF-Connecting-IP': '192.0.2.200' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const cookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1] ?? '';
  // A busy day of the scheduling month: availability reads 10 therapists, 6 rooms and its bookings.
  const date = `${monthStart.slice(0, 8)}10`;
  const result = spawnSync(process.execPath, ['scripts/bench/load-test.ts', baseUrl, cookie, date], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  const rows = safeParse(result.stdout.trim().split('\n').at(-1) ?? '') as Array<{
    name: string;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    floorRps: number;
    floorName: string;
    ratio: number;
  }> | null;
  console.log(
    '\nAPI under load (autocannon from a second process, 10 connections, 3 × 5 s per route alternated with /api/ping; medians)',
  );
  if (!rows) {
    console.log(`  the load test failed: ${result.stderr.trim().split('\n').at(-1)}`);
    return;
  }
  console.log(
    '  route                                       req/s    p50 ms  p99 ms  errors   floor req/s          ratio',
  );
  const goals: Record<string, number> = {
    'GET /api/availability (a day)': budget.loadRatio.dayAvailability,
    'GET /api/availability/month': budget.loadRatio.monthAvailability,
    'POST /api/validate-coupon': budget.loadRatio.couponCheck,
    'GET /api/bookings (5,000, session)': budget.loadRatio.bookingsList,
    'POST /api/payment/initialize (a booking)': budget.loadRatio.paymentStart,
  };
  for (const row of rows) {
    const goal = goals[row.name];
    const ratio = row.ratio.toFixed(2);
    console.log(
      `  ${row.name.padEnd(42)} ${row.rps.toFixed(0).padStart(6)}  ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)}  ${String(row.errors).padStart(6)}   ${`${row.floorRps.toFixed(0)} (${row.floorName.replace('GET /api/', '')})`.padEnd(20)} ${goal === undefined ? ratio : besideGoal(ratio, `≥ ${goal}`, row.ratio >= goal)}`,
    );
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function printBundleSizes() {
  const assetsDir = 'dist/client/assets';
  const gzipped = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
  const scripts = readdirSync(assetsDir).filter((name) => name.endsWith('.js'));
  const size = (names: string[]) => names.reduce((total, name) => total + gzipped(join(assetsDir, name)), 0);
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync('dist/client/index.html', 'utf8'))?.[1] ?? '';
  // The worker's index.js only re-exports its entry chunk: the bundle is every script Vite wrote for it.
  const workerDir = 'dist/spa_studio';
  const workerScripts = [
    join(workerDir, 'index.js'),
    ...readdirSync(join(workerDir, 'assets'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => join(workerDir, 'assets', name)),
  ];
  const workerGzip = workerScripts.reduce((total, path) => total + gzipped(path), 0);
  const workerRaw = workerScripts.reduce((total, path) => total + statSync(path).size, 0);
  console.log('\nBundle sizes (gzip -9)');
  console.log(`  entry script (every page)   ${kb(size([entry]))}`);
  console.log(`  all client JS               ${kb(size(scripts))} in ${scripts.length} files`);
  console.log(
    `  worker bundle               ${kb(workerGzip)} (${kb(workerRaw)} raw) in ${workerScripts.length} files`,
  );
  const reports = scripts.filter((name) => name.startsWith('reports-page-'));
  console.log(`  Reports screen chunk        ${kb(size(reports))} (admin only, loaded when Reports opens)`);
}

/** Loads each public page in a fresh browser and adds up the script bytes sent over the wire. */
async function printFirstLoadJs(baseUrl: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const { goal, limit } = budget.firstLoadJs;
  console.log(
    `\nFirst-load JavaScript per public page (bytes on the wire, gzip; npm test fails past ${kb(limit)} or ${budget.firstLoadScripts.limit} scripts)`,
  );
  // The confirmation pages are left out: without a payment to confirm they send the visitor home.
  try {
    for (const page of indexablePages) {
      const { bytes, urls } = await firstLoadScripts(browser, `${baseUrl}${page.path}`);
      for (const url of urls) seen.add(url);
      console.log(
        `  ${page.path.padEnd(26)} ${besideGoal(`${kb(bytes).padStart(9)} (${urls.length} scripts)`, `≤ ${kb(goal)}`, bytes <= goal)}`,
      );
    }
  } finally {
    await browser.close();
  }
  return seen;
}

/** Times `samples` sequential GETs of `url` after a warm-up; median and p95 in ms. */
async function timeRequests(url: string, samples: number, headers: Record<string, string> = {}) {
  for (let index = 0; index < 5; index++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip', ...headers } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: median(times), p95: times[Math.floor(times.length * 0.95)] ?? Number.NaN };
}

/** 5,000 paid bookings over the next four months and 1,000 orders, written by SQL in one go. */
function adminSeedSql(): string {
  const series = (count: number) =>
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;
  return [
    `${series(BENCH_BOOKINGS)} insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      select 'BENCH-BK-' || i, 'booking', 'paid', 25000, 25000, 'guest' || i || '@example.com', '{}',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 40) || ' days') from n`,
    `${series(BENCH_BOOKINGS)} insert into bookings (id, payment_reference, service, subservices, date, time, name,
        email, phone, amount, service_status, health_conditions)
      select 'bench-bk-' || i, 'BENCH-BK-' || i, 'Massage', '["Swedish","Hotstone"]',
        date('now', '+' || (i % 120) || ' days'), printf('%02d:00', 9 + i % 9), 'Guest ' || i,
        'guest' || i || '@example.com', '+23480' || printf('%08d', i), 25000,
        case when i % 4 = 0 then 'completed' else 'booked' end,
        case when i % 10 = 0 then '["Pregnancy"]' else '[]' end from n`,
    `${series(BENCH_ORDERS)} insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      select 'BENCH-OR-' || i, 'order', 'paid', 32000, 32000, 'buyer' || i || '@example.com', '{}',
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 40) || ' days') from n`,
    `${series(BENCH_ORDERS)} insert into orders (id, payment_reference, name, email, phone, shipping_address, amount, order_status)
      select 'bench-or-' || i, 'BENCH-OR-' || i, 'Buyer ' || i, 'buyer' || i || '@example.com', '+2348000000000',
        i || ' Admiralty Way, Lekki, Lagos', 32000, case i % 3 when 0 then 'processing' when 1 then 'shipped' else 'delivered' end from n`,
    `${series(BENCH_ORDERS)} insert into order_items (id, order_id, product_id, product_name, product_size, unit_price, quantity)
      select 'bench-oi-' || i, 'bench-or-' || i, 'all-glow-body-oil', 'All Glow Body Oil', '100ml', 13000, 2 from n`,
  ].join(';\n');
}

/** The staff side under a studio's worth of data, and what staff download beyond a visitor. */
async function printAdmin(baseUrl: string, publicScripts: Set<string>) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const sessionCookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1];
  if (!login.ok || !sessionCookie) throw new Error(`admin login failed (${login.status})`);
  const cookie = { Cookie: sessionCookie };

  console.log(`
Staff admin with ${BENCH_BOOKINGS} bookings and ${BENCH_ORDERS} orders (sequential, ms)`);
  const lastPage = Math.ceil((BENCH_BOOKINGS * 3) / 4 / 25);
  for (const [label, path, samples] of [
    ['bookings, first page', '/api/bookings?status=booked&page=1&pageSize=25', 100],
    [`bookings, page ${lastPage} (last)`, `/api/bookings?status=booked&page=${lastPage}&pageSize=25`, 100],
    ['orders, first page', '/api/orders?status=processing&page=1&pageSize=25', 100],
    ['figures (stats)', '/api/stats', 100],
    ['bookings.csv (all)', '/api/export/bookings.csv', 10],
  ] as const) {
    const { median: mid, p95 } = await timeRequests(`${baseUrl}${path}`, samples, cookie);
    console.log(
      `  ${label.padEnd(26)} median ${mid.toFixed(1).padStart(7)}  p95 ${p95.toFixed(1).padStart(7)}  (n=${samples})`,
    );
  }

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const { shown, adminBytes, adminScripts } = await timeAdminInBrowser(browser, baseUrl, publicScripts);
    console.log(
      `  bookings list on screen     median ${median(shown).toFixed(0).padStart(7)}  (navigation start to the first row, signed in, n=${shown.length}; React reveals a lazy page ≥ 300 ms after its fallback)`,
    );
    console.log(
      `  admin-only scripts          ${kb(adminBytes)} in ${adminScripts} files, none of them on a public page`,
    );
  } finally {
    await browser.close();
  }
}

async function timeAdminInBrowser(browser: Browser, baseUrl: string, publicScripts: Set<string>) {
  const shown: number[] = [];
  const adminOnly = new Map<string, Promise<number>>();
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // The page notes when the first booking row enters the document (ms since navigation start).
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.admin-row')) return;
        (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script' && !publicScripts.has(request.url()) && !adminOnly.has(request.url())) {
        adminOnly.set(
          request.url(),
          request.sizes().then((sizes) => sizes.responseBodySize),
        );
      }
    });
    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill('spa-admin-local');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator('.admin-row').first().waitFor();
    // Timed: a fresh load of the bookings screen by a signed-in browser (scripts cached, as for staff).
    await page.goto(`${baseUrl}/admin/bookings`);
    await page.locator('.admin-row').first().waitFor();
    shown.push(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt));
    for (const section of ['orders', 'coupons', 'academy']) {
      await page.goto(`${baseUrl}/admin/${section}`, { waitUntil: 'networkidle' });
    }
    await context.close();
  }
  const adminBytes = (await Promise.all(adminOnly.values())).reduce((total, bytes) => total + bytes, 0);
  return { shown, adminBytes, adminScripts: adminOnly.size };
}

/** Availability (a day, a month) and the Calendar, with 10 therapists, 6 rooms and 5,000 bookings in the month. */
async function printScheduling(baseUrl: string) {
  console.log(
    `\nScheduling: ${SCHEDULE_THERAPISTS} therapists, ${SCHEDULE_ROOMS} rooms, ${SCHEDULE_BOOKINGS} bookings in ${monthStart.slice(0, 7)} (sequential, ms; goal for the month: p50 ≤ 50, p99 ≤ 150)`,
  );
  const day = `${monthStart.slice(0, 8)}10`;
  for (const [label, path] of [
    ['availability, a day', `/api/availability?date=${day}&treatments=swedish,hotstone`],
    ['availability, the month', `/api/availability/month?month=${monthStart.slice(0, 7)}&treatments=swedish,hotstone`],
  ] as const) {
    const times = await sampleTimes(`${baseUrl}${path}`, 300);
    console.log(
      `  ${label.padEnd(26)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)}  p99 ${percentile(times, 0.99).toFixed(1).padStart(6)}  (n=${times.length})`,
    );
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const shown = await timeCalendarInBrowser(browser, baseUrl, calendarDay(monthStart));
    console.log(
      `  Calendar, ${CALENDAR_DAY_BOOKINGS} bookings on screen median ${median(shown).toFixed(0).padStart(5)}  (navigation start to every block drawn, ${SCHEDULE_THERAPISTS} therapists, signed in, n=${shown.length})`,
    );
  } finally {
    await browser.close();
  }
}

/** Section 10: Today on a throttled phone, online and offline. */
async function printToday(baseUrl: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const { online, offline } = await timeTodayOnPhone(browser, baseUrl, calendarDay(monthStart));
    console.log(
      `\nToday on a phone: ${CALENDAR_DAY_BOOKINGS} visits (every therapist's), 390 px, CPU 4× slower, slow 4G (ms from navigation, median of ${online.length})`,
    );
    for (const [label, paints] of [
      ['online', online],
      ['offline', offline],
    ] as const) {
      const fcp = median(paints.map((paint) => paint.fcp));
      const visits = median(paints.map((paint) => paint.visits));
      console.log(
        `  ${label.padEnd(8)} first paint ${fcp.toFixed(0).padStart(5)}   visits shown ${visits.toFixed(0).padStart(5)}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/** `samples` sequential GETs after a warm-up: every time, in ms, sorted. */
async function sampleTimes(url: string, samples: number): Promise<number[]> {
  for (let index = 0; index < 10; index++) await (await fetch(url)).arrayBuffer();
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function printLatency(baseUrl: string) {
  console.log('\nLatency against wrangler on this machine (sequential requests, ms)');
  for (const path of ['/api/health', '/', '/massage-therapy']) {
    for (let index = 0; index < 20; index++) await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
    const samples: number[] = [];
    for (let index = 0; index < 200; index++) {
      const started = performance.now();
      await (await fetch(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': 'gzip' } })).arrayBuffer();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const p95 = samples[Math.floor(samples.length * 0.95)] ?? Number.NaN;
    console.log(`  GET ${path.padEnd(18)} median ${median(samples).toFixed(2)}  p95 ${p95.toFixed(2)}  (n=200)`);
  }
}

/** The document each public page answers, before any script runs: what a crawler or a link preview reads. */
async function printHtml(baseUrl: string) {
  console.log('\nHTML per public page (bytes before any script runs; gzip -9)');
  console.log('  route                      status   raw        gzip      <h1> in the HTML');
  for (const page of indexablePages) {
    const response = await fetch(`${baseUrl}${page.path}`);
    const html = await response.text();
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '(none)';
    const raw = Buffer.byteLength(html);
    const zipped = gzipSync(html, { level: 9 }).length;
    console.log(
      `  ${page.path.padEnd(26)} ${String(response.status).padEnd(8)} ${kb(raw).padEnd(10)} ${kb(zipped).padEnd(9)} ${h1}`,
    );
  }
}

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) in Debian's chromium; by default
 * every public page, and the admin's login screen (the app shell, rendered in the browser).
 */
function printLighthouse(baseUrl: string, routes = [...indexablePages.map((page) => page.path), '/admin'], when = '') {
  console.log(
    `\nLighthouse mobile${when ? `, ${when}` : ''}, median of ${runs} run(s); goals: performance ${budget.lighthouse.publicPage} on public pages (${budget.lighthouse.adminLogin} on /admin), TBT ≤ ${budget.lighthouse.totalBlockingMs} ms`,
  );
  console.log('  route              perf  a11y  best  seo   FCP     LCP     TBT     CLS');
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
  const outDir = mkdtempSync(join(tmpdir(), 'spa-lighthouse-'));
  try {
    for (const route of routes) {
      const results: Array<{ scores: number[]; fcp: number; lcp: number; tbt: number; cls: number }> = [];
      // A run Lighthouse itself could not record (NO_NAVSTART: Chromium's trace lost its start) is
      // the tool's failure, not the page's: it is said, and another run takes its place (twice at most).
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        const output = join(outDir, `report-${attempt}.json`);
        const result = spawnSync(
          process.execPath,
          [
            packageBin('lighthouse/cli/index.js'),
            `${baseUrl}${route}`,
            '--quiet',
            '--output=json',
            `--output-path=${output}`,
            `--only-categories=${categories.join(',')}`,
            `--chrome-flags=--headless=new ${chromiumFlags.join(' ')}`,
          ],
          { env: { ...process.env, CHROME_PATH: chromiumPath }, encoding: 'utf8' },
        );
        if (result.status !== 0) {
          console.log(`  ${route}: lighthouse failed (${result.stderr.trim().split('\n').at(-1)})`);
          continue;
        }
        const report = JSON.parse(readFileSync(output, 'utf8'));
        if (report.runtimeError) {
          console.log(`  ${route}: lighthouse could not record a run (${report.runtimeError.code}), running again`);
          continue;
        }
        const audit = (id: string) => report.audits[id].numericValue as number;
        results.push({
          scores: categories.map((category) => Math.round(report.categories[category].score * 100)),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
      if (results.length === 0) continue;
      const scores = categories.map((_, index) => median(results.map((r) => r.scores[index] ?? 0)));
      const ms = (values: number[]) => `${(median(values) / 1000).toFixed(2)} s`.padEnd(8);
      const tbt = Math.round(median(results.map((r) => r.tbt)));
      const perfGoal = route === '/admin' ? budget.lighthouse.adminLogin : budget.lighthouse.publicPage;
      const met = (scores[0] ?? 0) >= perfGoal && (route === '/admin' || tbt <= budget.lighthouse.totalBlockingMs);
      console.log(
        `  ${route.padEnd(18)} ${scores.map((score) => String(score).padEnd(5)).join(' ')} ${ms(results.map((r) => r.fcp))}${ms(results.map((r) => r.lcp))}${`${tbt} ms`.padEnd(8)}${median(results.map((r) => r.cls)).toFixed(3)}  ${met ? 'goal met' : 'goal NOT met'}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
