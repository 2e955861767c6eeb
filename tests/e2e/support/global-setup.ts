// Serves the built site with wrangler (as `npm start` does) on a free port with a fresh local
// database for the browser tests, and stops the server's whole process group afterwards.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtConfig, startBuiltSite } from '../../../scripts/lib/wrangler.ts';
import { manageToken, manageTokenHash } from '../../../worker/services/bookings/manage-tokens';
import { sha256Hex } from '../../../worker/services/signing';
import { hashPassword } from '../../../worker/services/staff/password';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { FakeWhatsApp } from '../../fakes/whatsapp';
import { SENT_PATH, serveFake } from './fake-server';
import { moveClockHere, runClockOffset } from './run-clock';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The Lagos date SLOT_TAKEN was seeded on: a run that crosses midnight must not recompute it. */
    slotTakenDate: string;
    /** The Lagos date YESTERDAYS_VISITS were seeded on. */
    visitsDate: string;
    /** What the fake WhatsApp Cloud API received (tests/e2e/support/phone.ts reads it). */
    whatsappInbox: string;
    /** The run's clock against the machine's (tests/e2e/support/run-clock.ts): the site, tests and pages share it. */
    runClockOffsetMs: number;
  }
}

/**
 * The site's WhatsApp secrets, set in its .dev.vars as a studio would set them: messages go to the
 * fake WhatsApp Cloud API, and the webhook takes messages signed with the app secret.
 */
export const WHATSAPP = {
  token: 'e2e-whatsapp-access-token',
  phoneNumberId: '106540352242922',
  appSecret: 'e2e-whatsapp-app-secret',
  verifyToken: 'e2e-whatsapp-verify-token',
};

/** A receptionist's account (the roles' journey signs in with it). */
export const RECEPTIONIST = { email: 'amaka@studio.test', name: 'Amaka Obi', password: 'reception desk password 2026' };

/** A therapist's account, linked to Therapist 1 on the schedule (the roles' journey signs in with it). */
export const THERAPIST = {
  email: 'tunde@studio.test',
  name: 'Tunde Bello',
  password: 'the quiet treatment room',
  therapistId: 'therapist-1',
};

/** Data the browser tests rely on: a coupon the booking journey applies. */
export const E2E_COUPON = { code: 'WELCOME10', percent: 10 };

/**
 * A booking paid after its hold ran out into a slot that had filled meanwhile (no browser can wait
 * out a 30-minute hold): 45 days on at 11:00, ₦55,000.
 */
export const SLOT_TAKEN = {
  reference: 'BK-E2E-SLOT-TAKEN',
  time: '11:00',
  daysAhead: 45,
  name: 'Kemi Adeyemi',
  /** The payer cookie of the browser that paid it (middleware/payer-cookie.ts): the test's browser sets it. */
  payerKey: 'e2e-slot-taken-payer-key-0123456789abcdefgh',
};

/**
 * Paid visits that began yesterday (no journey can wait for a visit to start): staff mark them
 * complete, and the cron asks their clients for reviews. One Swedish massage each, ₦25,000.
 */
export const YESTERDAYS_VISITS = [
  { id: 'e2e-visit-desk', name: 'Femi Adeleke', time: '15:00' },
  { id: 'e2e-visit-review-1', name: 'Kemi Adebayo', time: '10:00' },
  { id: 'e2e-visit-review-2', name: 'Bola Johnson', time: '12:00' },
  { id: 'e2e-visit-review-3', name: 'Uche Eze', time: '14:00' },
] as const;

/**
 * A client's visit three weeks ago (Swedish and Hotstone with Therapist 1), known by WhatsApp: the
 * account journey signs in with a code to that number and books it again.
 */
export const ACCOUNT_VISIT = {
  id: 'e2e-account-visit',
  name: 'Yemi Bakare',
  phone: '0809 444 5555',
  email: 'yemi@example.com',
  daysAgo: 21,
};

function accountVisitSql(today: string): string {
  const { id, name, phone, email, daysAgo } = ACCOUNT_VISIT;
  return `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      values ('BK-${id}', 'booking', 'paid', 55000, 55000, '${email}', '{"lines":[{"name":"Swedish","price":25000},{"name":"Hotstone","price":30000}]}', '${new Date().toISOString()}');
    insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
      amount_paid, therapist_id, room_id, service_status)
      values ('${id}', 'BK-${id}', 'Massage', '["Swedish","Hotstone"]', '${addDays(today, -daysAgo)}', '11:00', '${name}',
        '${email}', '${phone}', 55000, 55000, 'therapist-1', 'room-1', 'completed')`;
}

/** A paid visit of yesterday's that no one came to: staff mark it a no-show; its manage page says so. */
export const MISSED_VISIT = { id: 'e2e-visit-missed', reference: 'BK-E2E-MISSED', name: 'Kunle Ade', time: '11:00' };

async function missedVisitSql(yesterday: string, secret: string): Promise<string> {
  const { id, reference, name, time } = MISSED_VISIT;
  const tokenHash = await manageTokenHash(await manageToken(reference, secret));
  return `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      values ('${reference}', 'booking', 'paid', 25000, 25000, 'kunle@example.com', '{}', '${new Date().toISOString()}');
    insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
      amount_paid, therapist_id, room_id, manage_token_hash, health_form_at)
      values ('${id}', '${reference}', 'Massage', '["Swedish"]', '${yesterday}', '${time}', '${name}',
        'kunle@example.com', '0802 333 4444', 25000, 25000, 'therapist-2', 'room-2', '${tokenHash}',
        '${new Date().toISOString()}')`;
}

/** A client who missed two paid visits last month: past the no-show rule, they book online in full. */
export const TWICE_MISSED = { name: 'Bayo Akin', email: 'bayo.akin@example.com', phone: '0803 444 5555' };

function twiceMissedSql(today: string): string {
  const { name, email, phone } = TWICE_MISSED;
  return [
    `insert into clients (id, key, name, email, phone) values ('e2e-client-bayo', 'email:${email}', '${name}', '${email}', '${phone}')`,
    ...[20, 40].map(
      (days) => `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
        values ('BK-E2E-MISSED-${days}', 'booking', 'paid', 25000, 25000, '${email}', '{}', '${new Date().toISOString()}');
      insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        amount_paid, service_status, client_id)
        values ('e2e-missed-${days}', 'BK-E2E-MISSED-${days}', 'Massage', '["Swedish"]', '${addDays(today, -days)}',
          '10:00', '${name}', '${email}', '${phone}', 25000, 25000, 'no-show', 'e2e-client-bayo')`,
    ),
  ].join(';\n');
}

function yesterdaysVisitsSql(yesterday: string): string {
  return YESTERDAYS_VISITS.map(
    ({ id, name, time }) => `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
      values ('BK-${id}', 'booking', 'paid', 25000, 25000, 'tolu@example.com', '{}', '${new Date().toISOString()}');
    insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
      amount_paid, therapist_id, room_id)
      values ('${id}', 'BK-${id}', 'Massage', '["Swedish"]', '${yesterday}', '${time}', '${name}',
        'tolu@example.com', '0802 000 2222', 25000, 25000, 'therapist-2', 'room-2')`,
  ).join(';\n');
}

/**
 * Today's visits with THERAPIST, begun ten minutes before the run (no journey can wait for a visit
 * to start): their day on Today. Chioma came a month ago, and her therapist wrote notes then; she
 * was booked by phone, so her health form is missing.
 */
export const TODAYS_VISITS = [
  { id: 'e2e-today-chioma', name: 'Chioma Obi', email: 'chioma.obi@example.com' },
  { id: 'e2e-today-amaka', name: 'Amaka Eze', email: 'amaka.eze@example.com' },
  { id: 'e2e-today-ngozi', name: 'Ngozi Bello', email: 'ngozi.bello@example.com' },
] as const;
export const CHIOMAS_LAST_NOTES = 'Firm pressure; left shoulder tight. Suggested the body oil.';

/** The Lagos HH:MM ten minutes ago, on a five-minute step (00:00 just after midnight). */
function startedTime(now: Date): { date: string; time: string } {
  const lagos = new Date(now.getTime() + 3_600_000 - 10 * 60_000);
  const date = lagosDate(now);
  if (lagos.toISOString().slice(0, 10) !== date) return { date, time: '00:00' };
  const minutes = Math.floor((lagos.getUTCHours() * 60 + lagos.getUTCMinutes()) / 5) * 5;
  return {
    date,
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  };
}

function todaysVisitsSql(now: Date): string {
  const { date, time } = startedTime(now);
  const visit = (id: string, name: string, email: string, day: string, status: string, formAt: string) =>
    `insert into clients (id, key, name, email, phone) values ('client-${email}', 'email:${email}', '${name}', '${email}',
      '0803 555 0101') on conflict (key) do nothing;
    insert into payments (reference, kind, status, amount, subtotal, email, details, method, paid_at)
      values ('ST-${id}', 'booking', 'paid', 25000, 25000, '${email}', '{}', 'unpaid', '${now.toISOString()}');
    insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
      amount_paid, therapist_id, room_id, service_status, health_form_at, client_id, treatment_ids)
      values ('${id}', 'ST-${id}', 'Massage', '["Swedish"]', '${day}', '${time}', '${name}', '${email}',
        '0803 555 0101', 25000, 0, 'therapist-1', 'room-1', '${status}', ${formAt}, 'client-${email}',
        '["swedish"]')`;
  return [
    visit(
      'e2e-today-chioma-earlier',
      'Chioma Obi',
      'chioma.obi@example.com',
      addDays(date, -30),
      'completed',
      `'${now.toISOString()}'`,
    ),
    `insert into visit_notes (booking_id, text, written_by) values ('e2e-today-chioma-earlier', '${CHIOMAS_LAST_NOTES}', '${THERAPIST.name}')`,
    ...TODAYS_VISITS.map(({ id, name, email }) => visit(id, name, email, date, 'booked', 'null')),
  ].join(';\n');
}

/**
 * Last month's history for the Reports journey: two completed Ashiatsu visits (₦20,000 each) with
 * Therapist 1 on the 10th and 12th, and a no-show on the 14th. Ashiatsu is no other journey's.
 */
export const REPORT_HISTORY = { treatment: 'Ashiatsu', price: 20_000, visits: [10, 12], noShow: 14 } as const;

function reportHistorySql(today: string): string {
  const lastMonth = addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8);
  const { price, visits, noShow } = REPORT_HISTORY;
  return [...visits.map((day) => [day, 'completed'] as const), [noShow, 'no-show'] as const]
    .map(([day, status]) => {
      const date = `${lastMonth}${String(day).padStart(2, '0')}`;
      return `insert into payments (reference, kind, status, amount, subtotal, email, details, paid_at)
        values ('BK-E2E-REPORT-${day}', 'booking', 'paid', ${price}, ${price}, 'ife@example.com',
          '{"lines":[{"name":"Ashiatsu","price":${price}}]}', '${date}T08:00:00.000Z');
      insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
        amount_paid, therapist_id, room_id, service_status, treatment_ids)
        values ('e2e-report-${day}', 'BK-E2E-REPORT-${day}', 'Massage', '["Ashiatsu"]', '${date}', '10:00',
          'Ife Okafor', 'ife@example.com', '0805 111 2222', ${price}, ${price}, 'therapist-1', 'room-1', '${status}',
          '["ashiatsu"]')`;
    })
    .join(';\n');
}

/** The rows the journeys start from (a waitlist subscriber among them whose number has written to the studio: WhatsApp campaigns go only to such numbers). */
async function seedSql(date: string, yesterday: string): Promise<string> {
  const devVars = readFileSync('.dev.vars.example', 'utf8');
  const secret = /^MANAGE_LINK_SECRET=(.*)$/m.exec(devVars)?.[1] ?? '';
  const pepper = /^ADMIN_PASSWORD_PEPPER=(.*)$/m.exec(devVars)?.[1] ?? '';
  const tokenHash = await manageTokenHash(await manageToken(SLOT_TAKEN.reference, secret));
  const { reference, time, name } = SLOT_TAKEN;
  return `insert into coupons (id, code, discount, min_amount, expiry_date, active)
    values ('e2e-coupon', '${E2E_COUPON.code}', ${E2E_COUPON.percent}, 0, '2099-12-31', 1);
  insert into payments (reference, kind, status, amount, subtotal, email, details, slot_date, slot_time, paid_at,
    browser_key_hash)
    values ('${reference}', 'booking', 'paid', 55000, 55000, 'kemi@example.com', '{}', '${date}', '${time}',
      '${new Date().toISOString()}', '${await sha256Hex(SLOT_TAKEN.payerKey)}');
  insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount,
    needs_attention, manage_token_hash)
    values ('e2e-slot-taken', '${reference}', 'Massage', '["Swedish","Hotstone"]', '${date}', '${time}', '${name}',
      'kemi@example.com', '0803 765 4321', 55000, 1, '${tokenHash}');
  insert into staff_accounts (id, name, email, role, password_hash)
    values ('e2e-reception', '${RECEPTIONIST.name}', '${RECEPTIONIST.email}', 'reception',
      '${await hashPassword(RECEPTIONIST.password, pepper)}');
  insert into staff_accounts (id, name, email, role, therapist_id, password_hash)
    values ('e2e-therapist', '${THERAPIST.name}', '${THERAPIST.email}', 'therapist', '${THERAPIST.therapistId}',
      '${await hashPassword(THERAPIST.password, pepper)}');
  insert into waitlist_entries (id, first_name, email, whatsapp, state, confirmed_at, whatsapp_confirmed_at)
    values ('e2e-waitlist-whatsapp', 'Ngozi', 'ngozi.e2e@example.com', '+2348030000001', 'Lagos',
      '${new Date().toISOString()}', '${new Date().toISOString()}');
  ${yesterdaysVisitsSql(yesterday)};
  ${accountVisitSql(addDays(yesterday, 1))};
  ${await missedVisitSql(yesterday, secret)};
  ${twiceMissedSql(addDays(yesterday, 1))};
  ${reportHistorySql(addDays(yesterday, 1))};
  ${todaysVisitsSql(new Date())}`;
}

export default async function setup(project: TestProject) {
  if (!existsSync(builtConfig)) throw new Error(`${builtConfig} is missing: run "npm run build" first`);
  // The run's one clock, taken once: everything below (the seeds' dates too) reads it.
  const runClockOffsetMs = runClockOffset(Date.now(), process.env.E2E_CLOCK);
  moveClockHere(runClockOffsetMs);
  const slotTakenDate = addDays(lagosDate(new Date()), SLOT_TAKEN.daysAhead);
  const yesterday = addDays(lagosDate(new Date()), -1);
  const whatsapp = await serveFake(
    (origin) => new FakeWhatsApp(`${origin}/v21.0`, WHATSAPP.token, WHATSAPP.phoneNumberId),
    (fake) => fake.sent,
  );
  // A .dev.vars as `npm start` reads it: the documented example with the WhatsApp secrets set.
  const folder = mkdtempSync(join(tmpdir(), 'spa-e2e-vars-'));
  const envFile = join(folder, '.dev.vars');
  writeFileSync(
    envFile,
    `${readFileSync('.dev.vars.example', 'utf8')}
WHATSAPP_TOKEN=${WHATSAPP.token}
WHATSAPP_APP_SECRET=${WHATSAPP.appSecret}
WHATSAPP_VERIFY_TOKEN=${WHATSAPP.verifyToken}
WHATSAPP_PHONE_NUMBER_ID=${WHATSAPP.phoneNumberId}
WHATSAPP_BASE_URL=${whatsapp.origin}/v21.0
RUN_CLOCK_OFFSET_MS=${runClockOffsetMs}
`,
  );
  const site = await startBuiltSite(envFile, await seedSql(slotTakenDate, yesterday));
  project.provide('baseUrl', site.baseUrl);
  project.provide('slotTakenDate', slotTakenDate);
  project.provide('visitsDate', yesterday);
  project.provide('whatsappInbox', `${whatsapp.origin}${SENT_PATH}`);
  project.provide('runClockOffsetMs', runClockOffsetMs);
  return async () => {
    await site.stop();
    await whatsapp.close();
    rmSync(folder, { recursive: true, force: true });
  };
}
