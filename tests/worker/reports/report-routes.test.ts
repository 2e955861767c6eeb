// The reports' API: who may read it, the period it takes, the commissions' CSV and settings, and a
// report that agrees with the bookings list on generated history.
import { env } from 'cloudflare:workers';
import { and, between, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, bookings } from '../../../worker/db/schema';
import { commissionMessages } from '../../../worker/routes/reports/reports';
import { listBookings } from '../../../worker/services/bookings/bookings';
import { presetPeriods, type Report, reportDefinitions, reportMessages } from '../../../worker/shared/report-rules';
import { serviceStatuses } from '../../../worker/shared/statuses';
import { lagosDate } from '../../../worker/shared/time';
import { adminCall, clearData, db, staffSession } from '../admin-harness';
import { seedVisit } from './report-fixtures';

const cookies = new Map<string, string>();

beforeAll(async () => {
  await clearData();
  for (const role of ['owner', 'manager', 'reception', 'therapist'] as const) {
    cookies.set(role, await staffSession(role, `${role}@reports.test`, role === 'therapist' ? 'therapist-1' : null));
  }
});

const as = (role: string, path: string, method = 'GET', body?: unknown) =>
  adminCall(cookies.get(role) ?? '', path, method, body);

describe('who may read reports', () => {
  it('lets owners and managers in, and refuses reception and therapists', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/reports?from=2026-03-01&to=2026-03-31'],
      ['GET', '/api/reports/commissions.csv?from=2026-03-01&to=2026-03-31'],
      ['GET', '/api/commissions'],
      ['PUT', '/api/commissions/therapist-1', { percent: 10 }],
    ];
    for (const [method, path, body] of routes) {
      for (const role of ['owner', 'manager'])
        expect((await as(role, path, method, body)).status, `${role} ${path}`).toBe(200);
      for (const role of ['reception', 'therapist'])
        expect((await as(role, path, method, body)).status, `${role} ${path}`).toBe(403);
    }
  });
});

describe('the period', () => {
  it('is this month when none is given, with every definition named', async () => {
    const report = (await (await as('owner', '/api/reports')).json()) as Report;
    const { from, to } = presetPeriods(lagosDate(new Date())).thisMonth;
    expect(report.period).toMatchObject({ from, to });
    expect(report.definitions).toEqual(reportDefinitions);
  });

  it.each([
    ['?from=2026-03-31&to=2026-03-01', reportMessages.order],
    ['?from=2026-02-30&to=2026-03-01', reportMessages.dates],
    ['?from=2026-03-01', reportMessages.dates],
    ['?from=2025-01-01&to=2026-03-01', reportMessages.tooLong],
    ['?from=9999-01-01&to=9999-12-31', reportMessages.range],
  ])('refuses %s with a message', async (query, message) => {
    const response = await as('owner', `/api/reports${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('takes a whole leap year', async () => {
    const response = await as('owner', '/api/reports?from=2028-01-01&to=2028-12-31');
    expect(response.status).toBe(200);
    expect(((await response.json()) as Report).period.days).toBe(366);
  });
});

/** The visits and settings a test made (the team stays: the therapist's account points at it). */
async function clearHistory() {
  await env.DB.batch(
    [
      'delete from therapist_commissions',
      'update therapists set commission_percent = 0',
      'delete from bookings',
      'delete from payments',
    ].map((statement) => env.DB.prepare(statement)),
  );
}

describe('commissions', () => {
  beforeEach(clearHistory);

  it('are set per therapist and per treatment, checked, and recorded in the activity log', async () => {
    for (const percent of [101, -1, 12.5, '10']) {
      const refused = await as('owner', '/api/commissions/therapist-1', 'PUT', { percent });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: commissionMessages.percent });
    }
    const notOnMenu = await as('owner', '/api/commissions/therapist-1', 'PUT', {
      percent: 10,
      treatments: { typo: 90 },
    });
    expect(notOnMenu.status).toBe(400);
    expect(await notOnMenu.json()).toEqual({ message: commissionMessages.treatments });
    const missing = await as('owner', '/api/commissions/nobody', 'PUT', { percent: 10 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: commissionMessages.therapistNotFound });

    const saved = await as('manager', '/api/commissions/therapist-1', 'PUT', {
      percent: 10,
      treatments: { hotstone: 20 },
    });
    expect(await saved.json()).toEqual({
      therapistId: 'therapist-1',
      name: 'Therapist 1',
      percent: 10,
      treatments: { hotstone: 20 },
    });
    // Saving again replaces the treatments: none left.
    await as('manager', '/api/commissions/therapist-1', 'PUT', { percent: 12 });
    const list = (await (await as('owner', '/api/commissions')).json()) as Array<{
      therapistId: string;
      percent: number;
      treatments: object;
    }>;
    expect(list.find((row) => row.therapistId === 'therapist-1')).toMatchObject({ percent: 12, treatments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'commission-update'));
    expect(entries.length).toBeGreaterThanOrEqual(2);
  });

  it('download as a CSV for payroll: a row per treatment and a total per therapist', async () => {
    await as('owner', '/api/commissions/therapist-1', 'PUT', { percent: 10, treatments: { hotstone: 20 } });
    await seedVisit({
      date: '2026-03-02',
      amount: 54_000,
      lines: [
        { id: 'deep-tissue', name: 'Deep Tissue', price: 30_000 },
        { id: 'hotstone', name: 'Hotstone', price: 30_000 },
      ],
    });
    await seedVisit({ date: '2026-03-03' });
    const response = await as('owner', '/api/reports/commissions.csv?from=2026-03-01&to=2026-03-31');
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toBe(
      'attachment; filename="commissions-2026-03-01-to-2026-03-31.csv"',
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Therapist,Treatment,Completed visits,Visit value (NGN),Commission (%),Commission (NGN)',
      'Therapist 1,Deep Tissue,2,57000,10,5700',
      'Therapist 1,Hotstone,1,27000,20,5400',
      'Therapist 1,All treatments,2,84000,,11100',
      'Therapist 2,All treatments,0,0,,0',
    ]);
  });
});

/** A small deterministic generator (mulberry32), so a failure can be run again. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('on generated history', () => {
  it('agrees with the bookings list', async () => {
    await clearHistory();
    const random = generator(37);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    for (let n = 0; n < 120; n++) {
      const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
      await seedVisit({
        date: `2026-${pick(['02', '03', '03', '03', '04'])}-${day}`,
        time: pick(['09:00', '12:00', '15:00', '22:00']),
        status: pick(serviceStatuses),
        therapist: pick(['therapist-1', 'therapist-2']),
        amount: pick([25_000, 30_000, 54_000]),
        cancelledAt: '2026-02-25T10:00:00.000Z',
      });
    }
    const report = (await (await as('owner', '/api/reports?from=2026-03-01&to=2026-03-31')).json()) as Report;
    const inMarch = between(bookings.date, '2026-03-01', '2026-03-31');
    const listed = async (status?: (typeof serviceStatuses)[number]) =>
      (await listBookings(db, status, inMarch)).bookings;
    expect(report.appointments.total).toBe((await listed()).length);
    expect(report.appointments.total).toBeGreaterThan(40);
    for (const [status, field] of [
      ['booked', 'booked'],
      ['arrived', 'arrived'],
      ['completed', 'completed'],
      ['no-show', 'noShows'],
      ['cancelled', 'cancelled'],
    ] as const) {
      expect(report.appointments[field], status).toBe((await listed(status)).length);
    }
    const completed = await listed('completed');
    expect(report.clients.completedVisits).toBe(completed.length);
    expect(report.clients.visitValue).toBe(completed.reduce((sum, booking) => sum + booking.amount, 0));
    for (const therapist of report.therapists) {
      const own = await listBookings(db, undefined, and(inMarch, eq(bookings.therapistId, therapist.id)));
      expect(therapist.appointments.total, therapist.name).toBe(own.bookings.length);
    }
  });
});
