// The scheduling figures of `npm run bench`: a studio of 10 therapists and 6 rooms with 5,000
// bookings in one month (as many as the rooms can hold at 80%, the rest cancelled), and a Calendar
// day of 80 half-hour visits; written by SQL before the site starts, so the figures measure the
// reads, not the seeding.
import type { Browser } from 'playwright-core';
import { treatments } from '../../worker/shared/catalogue/treatment-list.ts';

export const SCHEDULE_THERAPISTS = 10;
export const SCHEDULE_ROOMS = 6;
export const SCHEDULE_BOOKINGS = 5_000;
export const CALENDAR_DAY_BOOKINGS = 80;

/** The first day of the month the scheduling figures use: past the admin seed's 120 days. */
export function benchMonthStart(now = new Date()): string {
  const later = new Date(now.getTime() + 130 * 86_400_000);
  return `${later.toISOString().slice(0, 7)}-01`;
}

/** The Calendar's day: the 29th of the bench month (the busy days are the 1st to the 28th). */
export const calendarDay = (monthStart: string) => `${monthStart.slice(0, 8)}29`;

const numbers = (name: string, to: number, from = 1) =>
  `${name}(i) as (select ${from} union all select i + 1 from ${name} where i < ${to})`;
const allTreatments = treatments.map((treatment) => `('${treatment.id}')`).join(', ');
/** SQL: the 15-minute block of a Lagos date and minute (worker/shared/bookings/schedule.ts's blockAt). */
const blockOf = (date: string, minute: string) =>
  `(cast(julianday(${date}) - 2440587.5 as integer) * 96 + (${minute}) / 15)`;

export function scheduleSeedSql(monthStart: string): string {
  const day = calendarDay(monthStart);
  // Busy days: every hour 09:00-17:00 of the 1st to the 28th, each room taken unless (d*9+h+r) % 5 = 0.
  const busy = `with recursive ${numbers('dd', 27, 0)}, ${numbers('hh', 8, 0)}, ${numbers('rr', SCHEDULE_ROOMS)},
    v(k, day, h, r) as (
      select row_number() over (order by dd.i, hh.i, rr.i), date('${monthStart}', '+' || dd.i || ' days'), hh.i, rr.i
      from dd, hh, rr where (dd.i * 9 + hh.i + rr.i) % 5 != 0)`;
  // The Calendar day: 80 half-hour visits from 09:00, six at a time (one per room).
  const calendar = `with recursive ${numbers('c', CALENDAR_DAY_BOOKINGS)},
    w(k, s, r) as (select i, (i - 1) / ${SCHEDULE_ROOMS}, (i - 1) % ${SCHEDULE_ROOMS} + 1 from c)`;
  const payment = (reference: string) =>
    `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      select ${reference}, 'booking', 'paid', 25000, 25000, 'client' || k || '@example.com', '{}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  return [
    'update therapists set active = 0',
    'update rooms set active = 0',
    `with recursive ${numbers('n', SCHEDULE_THERAPISTS)} insert into therapists (id, name, created_at)
      select 'bench-t-' || i, 'Therapist B' || i, '2026-01-01T00:00:' || printf('%02d', i) || 'Z' from n`,
    `with recursive ${numbers('n', SCHEDULE_THERAPISTS)}, ${numbers('d', 6, 0)}
      insert into therapist_hours (therapist_id, weekday, start_minute, end_minute) select 'bench-t-' || n.i, d.i, 540, 1080 from n, d`,
    `insert into therapist_treatments (therapist_id, treatment_id)
      select t.id, x.column1 from therapists t, (values ${allTreatments}) x where t.id like 'bench-t-%'`,
    `with recursive ${numbers('n', SCHEDULE_ROOMS)} insert into rooms (id, name, created_at)
      select 'bench-r-' || i, 'Room B' || i, '2026-01-01T00:00:' || printf('%02d', i) || 'Z' from n`,
    `insert into room_treatments (room_id, treatment_id)
      select r.id, x.column1 from rooms r, (values ${allTreatments}) x where r.id like 'bench-r-%'`,
    `${busy} ${payment(`'SCH-' || k`)} from v`,
    `${busy} insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        therapist_id, room_id, duration_minutes)
      select 'sch-' || k, 'SCH-' || k, 'Massage', '["Swedish"]', day, printf('%02d:00', 9 + h), 'Client ' || k,
        'client' || k || '@example.com', '+23480' || printf('%08d', k), 25000,
        'bench-t-' || ((r + h) % ${SCHEDULE_THERAPISTS} + 1), 'bench-r-' || r, 60 from v`,
    `${busy}, ${numbers('q', 3, 0)}
      insert into time_blocks (resource, block, payment_reference)
      select 't:bench-t-' || ((r + h) % ${SCHEDULE_THERAPISTS} + 1), ${blockOf('day', '(9 + h) * 60')} + q.i, 'SCH-' || k from v, q
      union all
      select 'r:bench-r-' || r, ${blockOf('day', '(9 + h) * 60')} + q.i, 'SCH-' || k from v, q`,
    // The rest of the month's 5,000: cancelled (they hold no time), spread over its days.
    `with recursive ${numbers('n', SCHEDULE_BOOKINGS)}, v(k) as (select i from n where i > (select count(*) from bookings where id like 'sch-%'))
      ${payment(`'SCX-' || k`)} from v`,
    `with recursive ${numbers('n', SCHEDULE_BOOKINGS)}, v(k) as (select i from n where i > (select count(*) from bookings where id like 'sch-%'))
      insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        service_status, cancelled_at, duration_minutes)
      select 'scx-' || k, 'SCX-' || k, 'Massage', '["Swedish"]', date('${monthStart}', '+' || (k % 28) || ' days'),
        printf('%02d:00', 9 + k % 9), 'Client ' || k, 'client' || k || '@example.com', '+23480' || printf('%08d', k),
        25000, 'cancelled', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 60 from v`,
    `${calendar} ${payment(`'CAL-' || k`)} from w`,
    `${calendar} insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        therapist_id, room_id, duration_minutes, health_conditions)
      select 'cal-' || k, 'CAL-' || k, 'Massage', '["Back/Neck"]', '${day}', printf('%02d:%02d', 9 + s / 2, (s % 2) * 30),
        'Guest ' || k, 'guest' || k || '@example.com', '+23481' || printf('%08d', k), 20000,
        'bench-t-' || ((r + s) % ${SCHEDULE_THERAPISTS} + 1), 'bench-r-' || r, 30,
        case when k % 7 = 0 then '["Pregnancy"]' else '[]' end from w`,
    `${calendar}, ${numbers('q', 1, 0)}
      insert into time_blocks (resource, block, payment_reference)
      select 't:bench-t-' || ((r + s) % ${SCHEDULE_THERAPISTS} + 1), ${blockOf(`'${day}'`, '540 + s * 30')} + q.i, 'CAL-' || k from w, q
      union all
      select 'r:bench-r-' || r, ${blockOf(`'${day}'`, '540 + s * 30')} + q.i, 'CAL-' || k from w, q`,
  ].join(';\n');
}

/** Times from navigation to the Calendar's day with all its booking blocks on screen, signed in. */
export async function timeCalendarInBrowser(browser: Browser, baseUrl: string, day: string): Promise<number[]> {
  const shown: number[] = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((expected: number) => {
    new MutationObserver((_, observer) => {
      if (document.querySelectorAll('.admin-calendar__block').length < expected) return;
      (window as unknown as { blocksAt: number }).blocksAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, CALENDAR_DAY_BOOKINGS);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('spa-admin-local');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.locator('.admin-row').first().waitFor();
  for (let run = 0; run < 5; run++) {
    await page.goto(`${baseUrl}/admin/calendar?date=${day}`);
    await page.waitForFunction(() => (window as unknown as { blocksAt?: number }).blocksAt !== undefined);
    shown.push(await page.evaluate(() => (window as unknown as { blocksAt: number }).blocksAt));
  }
  await context.close();
  return shown;
}
