// What the waitlist tests share: a clock fixed in the studio's day, a full morning to wait for,
// joining as the booking page does, and the offering run as the Worker runs it after a response.
import { eq, sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { bookings, timeWaitlistOffers } from '../../../worker/db/schema';
import type { Bindings } from '../../../worker/env';
import { backgroundScope } from '../../../worker/services/jobs/background-scope';
import { entryToken, offerToken } from '../../../worker/services/time-waitlist/time-waitlist-links';
import { offerFreedPlaces } from '../../../worker/services/time-waitlist/time-waitlist-offers';
import type { TimeWaitlistJoinInput } from '../../../worker/shared/bookings/time-waitlist';
import { lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { seedBooking } from '../admin-harness';
import { inDays } from '../checkout/payment-fixtures';
import { call, db, liveEnv, origin } from '../checkout/payment-harness';

/** Fixes the clock at `time` in Lagos on the day `days` from today (whatever the hour the suite runs). */
export function clockAt(time: string, days = 0): Date {
  const at = lagosToUtc(inDays(days), time);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return at;
}

/** The day the tests wait for: two days ahead. */
export const day = () => inDays(2);

/** One-hour visits booked at each of `times` on `date` (one therapist: the hours are then full). */
export async function bookTimes(date: string, times: string[]) {
  const booked = [];
  for (const time of times) booked.push(await seedBooking({ date, time, email: `client-${time}@example.com` }));
  return booked;
}

export function joinBody(overrides: Partial<TimeWaitlistJoinInput> = {}): TimeWaitlistJoinInput {
  return {
    treatments: ['swedish'],
    therapistId: 'any',
    dates: [day()],
    window: 'morning',
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '0803 123 4567',
    consent: true,
    ...overrides,
  };
}

export const join = (body: unknown, headers: Record<string, string> = {}) =>
  call('/api/time-waitlist', {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/** Joins and answers the entry's id, not yet confirmed: no place is offered to it. */
export async function joinedUnconfirmed(
  overrides: Partial<TimeWaitlistJoinInput> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await join(joinBody(overrides), headers);
  const body = (await response.json()) as { _id: string; message?: string };
  expect(response.status, body.message).toBe(201);
  return body._id;
}

/** The owner's "Confirm my place" (the page the email's link opens posts it). */
export const confirmEntry = async (id: string) =>
  call(`/api/time-waitlist/entry/${await entryToken(id, liveEnv.MANAGE_LINK_SECRET)}/confirm`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
  });

/** Joins and confirms as the owner does from the email's link (offers go to confirmed entries only). */
export async function joined(overrides: Partial<TimeWaitlistJoinInput> = {}): Promise<string> {
  const id = await joinedUnconfirmed(overrides);
  expect((await confirmEntry(id)).status).toBe(200);
  return id;
}

/** The offering run (after a response, or the cron's), waited for. */
export async function offerNow(dates?: string[]) {
  const { scope, finished } = backgroundScope(liveEnv as unknown as Bindings, new Date(), db);
  const made = await offerFreedPlaces(scope, dates);
  await finished();
  return made;
}

export const offersOf = (entryId: string) =>
  db.select().from(timeWaitlistOffers).where(eq(timeWaitlistOffers.entryId, entryId));

export const openOffers = () =>
  db.select().from(timeWaitlistOffers).where(sql`status in ('open', 'paying')`).orderBy(timeWaitlistOffers.createdAt);

export const tokenOf = (reference: string) => offerToken(reference, liveEnv.MANAGE_LINK_SECRET);

/** The staff's cancellation of a booking (no refund). */
export const cancelBody = { serviceStatus: 'cancelled', refund: false } as const;

export const bookingAt = async (date: string, time: string) =>
  (await db.select().from(bookings).where(sql`date = ${date} and time = ${time} and service_status = 'booked'`))[0];

export const today = () => lagosDate(new Date());

/** Every start of a day (09:00 to 17:00): a wish for 'any' time is full once all are booked. */
export const allDay = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'];

/**
 * Joins (and confirms) while `times` are booked on each wished day, since a join is refused while
 * a wished-for start is free, then frees them again quietly (cancelled with no offering run after,
 * as at night): the tests whose point is a place free for a waiting entry.
 */
export async function joinedWhileFull(
  overrides: Partial<TimeWaitlistJoinInput> = {},
  times = ['09:00', '10:00', '11:00'],
): Promise<string> {
  const booked = [];
  for (const date of overrides.dates ?? [day()]) booked.push(...(await bookTimes(date, times)));
  const id = await joined(overrides);
  await freeQuietly(booked);
  return id;
}

/** Cancels seeded bookings and frees their time, with no offering run after. */
export async function freeQuietly(booked: Array<{ id: string; paymentReference: string | null }>) {
  for (const booking of booked) {
    await db.run(sql`delete from time_blocks where payment_reference = ${booking.paymentReference}`);
    await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.id, booking.id));
  }
}
