// The desk finds a booking or an order as the client gives it: a name, an email, a phone written
// any way, the long reference in part, or the short code read out over the phone ("A3F 9C1").
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffAccounts } from '../../worker/db/schema';
import type { BookingView } from '../../worker/services/bookings/bookings';
import type { OrderView } from '../../worker/services/shop/orders';
import { TOTAL_COUNT_HEADER } from '../../worker/shared/pagination';
import { shortReference } from '../../worker/shared/short-reference';
import { adminCall, clearData, db, seedBooking, seedOrder, signIn, staffSession } from './admin-harness';
import { inDays } from './checkout/payment-fixtures';

const THERAPIST_EMAIL = 'ngozi@list-search.test';
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  // clearData makes the therapists anew: the therapist's account (linked to one) goes first.
  await db.delete(staffAccounts).where(eq(staffAccounts.email, THERAPIST_EMAIL));
  await clearData();
});

const found = async <T extends { name: string }>(path: string, who = cookie) => {
  const response = await adminCall(who, path);
  expect(response.status).toBe(200);
  const rows = (await response.json()) as T[];
  return { names: rows.map((row) => row.name), total: Number(response.headers.get(TOTAL_COUNT_HEADER)) };
};
const search = (text: string) => encodeURIComponent(text);

describe('GET /api/bookings?q=', () => {
  it('finds a booking by its short code, its long reference in part, the name, email or phone, in every tab', async () => {
    const ada = await seedBooking({ name: 'Ada Obi', date: inDays(3), phone: '+234 803 123 4567' });
    await seedBooking({ name: 'Bisi Ade', date: inDays(4), email: 'bisi@example.com', phone: '08091112222' });
    await seedBooking({
      name: 'Chi Eze',
      date: inDays(-10),
      serviceStatus: 'completed',
      email: 'chi@example.com',
      phone: '+2347065554444',
    });
    const code = shortReference(ada.paymentReference);
    expect(code).toMatch(/^[0-9A-Z]{3} [0-9A-Z]{3}$/);

    for (const typed of [code, code.toLowerCase(), code.replace(' ', ''), code.replace(' ', '-')]) {
      expect(await found<BookingView>(`/api/bookings?q=${search(typed)}`)).toEqual({ names: ['Ada Obi'], total: 1 });
    }
    expect((await found<BookingView>(`/api/bookings?q=${search(ada.paymentReference.slice(0, 12))}`)).names).toEqual([
      'Ada Obi',
    ]);
    expect((await found<BookingView>('/api/bookings?q=bisi')).names).toEqual(['Bisi Ade']);
    expect((await found<BookingView>('/api/bookings?q=0803%20123%204567')).names).toEqual(['Ada Obi']);
    expect((await found<BookingView>('/api/bookings?q=8091112222')).names).toEqual(['Bisi Ade']);
    // Every tab's: a completed visit is found from the search, its tab left out.
    expect((await found<BookingView>('/api/bookings?q=chi%40example')).names).toEqual(['Chi Eze']);
    // A tab still narrows a search when it is given.
    expect((await found<BookingView>('/api/bookings?q=chi%40example&status=booked')).names).toEqual([]);
    expect(await found<BookingView>('/api/bookings?q=nobody')).toEqual({ names: [], total: 0 });
    // Fewer than six letters and digits are no reference: "BK" (every booking's start) finds none.
    expect((await found<BookingView>('/api/bookings?q=BK')).names).toEqual([]);
  });

  it('finds only the bookings a therapist may see', async () => {
    await seedBooking({ name: 'Ada Obi', date: inDays(3), time: '10:00' });
    await seedBooking({ name: 'Ada Eze', date: inDays(3), time: '10:00' });
    const therapist = await staffSession('therapist', THERAPIST_EMAIL, 'therapist-1');
    const everyone = await found<BookingView>('/api/bookings?q=ada');
    const theirs = await found<BookingView>('/api/bookings?q=ada', therapist);
    expect(everyone.total).toBe(2);
    expect(theirs.total).toBe(1);
    expect(everyone.names).toContain(theirs.names[0]);
  });

  it('refuses a search longer than 100 characters, with its message', async () => {
    const response = await adminCall(cookie, `/api/bookings?q=${'a'.repeat(101)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Please search with at most 100 characters');
  });
});

describe('GET /api/orders?q=', () => {
  it('finds an order by its short code or the customer, in every tab', async () => {
    const first = await seedOrder({ name: 'First in' });
    await seedOrder({ name: 'Shipped one', orderStatus: 'shipped', email: 'emeka@example.com' });
    expect(await found<OrderView>(`/api/orders?q=${search(shortReference(first.paymentReference))}`)).toEqual({
      names: ['First in'],
      total: 1,
    });
    expect((await found<OrderView>('/api/orders?q=emeka')).names).toEqual(['Shipped one']);
    expect((await found<OrderView>('/api/orders?q=emeka&status=processing')).names).toEqual([]);
  });
});
