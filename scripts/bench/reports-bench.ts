/**
 * The Reports figures of `npm run bench`: two years of a busy studio (50,000 bookings
 * with 10 therapists and 6 rooms, 5,000 orders, 20,000 clients, gift vouchers and refunds) written
 * by SQL into a site of its own (each client's bookings and orders carry their own phone, so the
 * client page's lookups by phone meet real numbers), then GET /api/reports for last month and for the last 365 days,
 * sequentially, signed in as the owner. Figures only.
 */
import { addDays, lagosDate } from '../../worker/shared/time.ts';

export const REPORT_BOOKINGS = 50_000;
export const REPORT_ORDERS = 5_000;
export const REPORT_CLIENTS = 20_000;
const THERAPISTS = 10;
const ROOMS = 6;
const DAYS = 730;
const MONTH_RUNS = 100;
const YEAR_RUNS = 20;
const PING_RUNS = 100;

const numbers = (name: string, to: number, from = 1) =>
  `${name}(i) as (select ${from} union all select i + 1 from ${name} where i < ${to})`;

/** The menu's three most booked treatments, as the seed sells them. */
const sold = `json_array(
  json_object('id', 'swedish', 'name', 'Swedish', 'price', 25000),
  json_object('id', 'deep-tissue', 'name', 'Deep Tissue', 'price', 30000),
  json_object('id', 'hotstone', 'name', 'Hotstone', 'price', 30000))`;

/**
 * SQL: booking k falls on day (k - 1) % 730 of the two years before `today`, the j-th of that day
 * (about 68 a day) with therapist j % 10 at hour 9 + (j / 10) % 9, so no therapist is booked twice
 * at once. One in 20 a no-show, one in 12 cancelled (a third of those late, refunded), the rest
 * completed; one in 7 paid at the studio.
 */
export function reportsSeedSql(today: string): string {
  const first = addDays(today, -DAYS);
  const visits = `with recursive ${numbers('n', REPORT_BOOKINGS)}, v(k, day, j, t, status) as (
      select i, date('${first}', '+' || ((i - 1) % ${DAYS}) || ' days'), (i - 1) / ${DAYS}, json_extract(${sold}, '$[' || (i % 3) || ']'),
        case when i % 20 = 0 then 'no-show' when i % 12 = 0 then 'cancelled' else 'completed' end
      from n)`;
  const orders = `with recursive ${numbers('n', REPORT_ORDERS)}, o(k, paid) as (
      select i, strftime('%Y-%m-%dT%H:%M:%fZ', '${first}', '+' || ((i * 7) % ${DAYS}) || ' days', '+11 hours') from n)`;
  return [
    'update therapists set active = 0',
    'update rooms set active = 0',
    `with recursive ${numbers('n', THERAPISTS)} insert into therapists (id, name, created_at, commission_percent)
      select 'rep-t-' || i, 'Therapist R' || i, '2024-01-01T00:00:' || printf('%02d', i) || 'Z', 10 + i from n`,
    `with recursive ${numbers('n', THERAPISTS)}, ${numbers('d', 6, 0)}
      insert into therapist_hours (therapist_id, weekday, start_minute, end_minute) select 'rep-t-' || n.i, d.i, 540, 1080 from n, d`,
    `insert into therapist_commissions (therapist_id, treatment_id, percent) values ('rep-t-1', 'hotstone', 25), ('rep-t-2', 'swedish', 5)`,
    `with recursive ${numbers('n', ROOMS)} insert into rooms (id, name, created_at)
      select 'rep-r-' || i, 'Room R' || i, '2024-01-01T00:00:' || printf('%02d', i) || 'Z' from n`,
    `insert into therapist_time_off (therapist_id, date, reason)
      select 'rep-t-' || (1 + abs(random()) % ${THERAPISTS}), date('${first}', '+' || (abs(random()) % ${DAYS}) || ' days'), 'Leave'
      from (with recursive ${numbers('n', 300)} select i from n) where 1 on conflict do nothing`,
    `with recursive ${numbers('n', REPORT_CLIENTS)} insert into clients (id, key, name, email, phone)
      select 'rep-cl-' || i, 'email:rep' || i || '@example.com', 'Report Client ' || i, 'rep' || i || '@example.com',
        '+23482' || printf('%08d', i) from n`,
    `${visits} insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at, method)
      select 'REP-' || k, 'booking', 'paid', json_extract(t, '$.price'), json_extract(t, '$.price'), 'rep' || (k % ${REPORT_CLIENTS} + 1) || '@example.com',
        json_object('lines', json_array(json_object('name', json_extract(t, '$.name'), 'price', json_extract(t, '$.price')))),
        strftime('%Y-%m-%dT%H:%M:%fZ', day, '-' || (k % 21) || ' days', '+9 hours'),
        case when k % 7 = 0 then 'cash' else 'paystack' end
      from v`,
    `${visits} insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        amount_paid, service_status, therapist_id, room_id, duration_minutes, treatment_ids, client_id, created_at,
        cancelled_at, completed_at)
      select 'rep-bk-' || k, 'REP-' || k, 'Massage', json_array(json_extract(t, '$.name')), day,
        printf('%02d:00', 9 + (j / ${THERAPISTS}) % 9), 'Report Client', 'rep' || (k % ${REPORT_CLIENTS} + 1) || '@example.com',
        '+23482' || printf('%08d', k % ${REPORT_CLIENTS} + 1), json_extract(t, '$.price'), json_extract(t, '$.price'), status,
        'rep-t-' || (j % ${THERAPISTS} + 1), 'rep-r-' || (j % ${ROOMS} + 1), 60, json_array(json_extract(t, '$.id')),
        'rep-cl-' || (k % ${REPORT_CLIENTS} + 1), strftime('%Y-%m-%dT%H:%M:%fZ', day, '-' || (k % 21) || ' days', '+9 hours'),
        case when status = 'cancelled' then strftime('%Y-%m-%dT%H:%M:%fZ', day, case when k % 3 = 0 then '+6 hours' else '-3 days' end) end,
        case when status = 'completed' then strftime('%Y-%m-%dT%H:%M:%fZ', day, '+12 hours') end
      from v`,
    `insert into refunds (payment_reference, booking_id, amount, status, processed_at)
      select payment_reference, id, amount, 'processed', cancelled_at from bookings
      where id like 'rep-bk-%' and service_status = 'cancelled' and cancelled_at < date || 'T08:00'`,
    `${orders} insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      select 'REPO-' || k, 'order', 'paid', 32000, 32000, 'rep' || k || '@example.com', '{}', paid from o`,
    `${orders} insert into orders (id, payment_reference, name, email, phone, shipping_address, amount, order_status, client_id, created_at)
      select 'rep-or-' || k, 'REPO-' || k, 'Report Client ' || k, 'rep' || k || '@example.com', '+23482' || printf('%08d', k),
        '12 Admiralty Way, Lekki', 32000, case when k % 25 = 0 then 'cancelled' else 'delivered' end, 'rep-cl-' || k, paid from o`,
    `${orders} insert into order_items (id, order_id, product_id, product_name, product_size, unit_price, quantity)
      select 'rep-oi-' || k || '-1', 'rep-or-' || k, 'all-glow-body-oil', 'All Glow Body Oil', '100ml', 13000, 2 from o
      union all
      select 'rep-oi-' || k || '-2', 'rep-or-' || k, 'goat-milk-bar-soap', 'Goat Milk Bar Soap', '100g', 6000, 1 from o`,
    `with recursive ${numbers('n', 1_000)} insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      select 'REPV-' || i, 'voucher', 'paid', 50000, 50000, 'rep' || i || '@example.com', '{}',
        strftime('%Y-%m-%dT%H:%M:%fZ', '${first}', '+' || ((i * 13) % ${DAYS}) || ' days', '+10 hours') from n`,
    `insert into vouchers (id, payment_reference, code_hash, code_last4, card_token_hash, amount, balance, buyer_name,
        recipient_name, recipient_email, deliver_on, expires_on, created_at)
      select 'rep-v-' || substr(reference, 6), reference, 'rep-hash-' || reference, 'ABCD', 'rep-card-' || reference, 50000,
        50000 - (cast(substr(reference, 6) as integer) % 3) * 20000, 'Buyer', 'Recipient', 'gift@example.com',
        substr(paid_at, 1, 10), date(paid_at, '+12 months'), paid_at
      from payments where reference like 'REPV-%'`,
  ].join(';\n');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
};

async function ownerCookie(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.37' },
    body: JSON.stringify({ username: 'admin', password: 'spa-admin-local' }),
  });
  const cookie = /^([^;]+)/.exec(login.headers.get('Set-Cookie') ?? '')?.[1];
  if (!login.ok || !cookie) throw new Error(`admin login failed (${login.status})`);
  return cookie;
}

/** Sequential answers' times (ms) of GET /api/ping, after three to warm up. */
async function timePing(baseUrl: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs + 3; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/ping`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/ping: ${response.status}`);
    if (run >= 3) times.push(performance.now() - started);
  }
  return times;
}

/** Sequential answers' times (ms) of GET /api/reports for a period, and the answer's size. */
async function timeReport(baseUrl: string, cookie: string, from: string, to: string, runs: number) {
  const times: number[] = [];
  let bytes = 0;
  let completed = 0;
  for (let run = 0; run < runs + 3; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/reports?from=${from}&to=${to}`, { headers: { Cookie: cookie } });
    const body = await response.text();
    const took = performance.now() - started;
    if (!response.ok) throw new Error(`GET /api/reports: ${response.status} ${body}`);
    bytes = body.length;
    completed = (JSON.parse(body) as { clients: { completedVisits: number } }).clients.completedVisits;
    // The first three warm the Worker and D1's page cache.
    if (run >= 3) times.push(took);
  }
  return { times, bytes, completed };
}

export async function printReports(
  baseUrl: string,
  besideGoal: (figure: string, goal: string, met: boolean) => string,
) {
  const cookie = await ownerCookie(baseUrl);
  const today = lagosDate(new Date());
  const lastMonthEnd = addDays(`${today.slice(0, 8)}01`, -1);
  const pingP50 = percentile(await timePing(baseUrl, PING_RUNS), 0.5);
  const month = await timeReport(baseUrl, cookie, `${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd, MONTH_RUNS);
  const year = await timeReport(baseUrl, cookie, addDays(today, -365), addDays(today, -1), YEAR_RUNS);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `\nReports with two years of data (${REPORT_BOOKINGS.toLocaleString('en')} bookings, ${THERAPISTS} therapists, ${ROOMS} rooms, ${REPORT_ORDERS.toLocaleString('en')} orders, ${REPORT_CLIENTS.toLocaleString('en')} clients; sequential, signed in)`,
  );
  // What this machine answers for nothing, so that figures from different machines compare.
  console.log(`  beside GET /api/ping (n=${PING_RUNS}, sequential)  p50 ${ms(pingP50)}`);
  const monthP50 = percentile(month.times, 0.5);
  const monthP99 = percentile(month.times, 0.99);
  const yearP50 = percentile(year.times, 0.5);
  console.log(
    `  last month (n=${month.times.length}, ${month.completed} completed visits, ${(month.bytes / 1024).toFixed(0)} KB)  p50 ${besideGoal(ms(monthP50), '≤ 100 ms', monthP50 <= 100)}  p99 ${besideGoal(ms(monthP99), '≤ 300 ms', monthP99 <= 300)}`,
  );
  console.log(
    `  last 365 days (n=${year.times.length}, ${year.completed} completed visits, ${(year.bytes / 1024).toFixed(0)} KB)  p50 ${besideGoal(ms(yearP50), '≤ 500 ms', yearP50 <= 500)}  p90 ${ms(percentile(year.times, 0.9))}`,
  );
}
