// Verified reviews: the cron asks a day after a completed visit or a delivered order (once, in
// daytime, only those who came or bought), the private link takes one review, bad input stores
// nothing, staff approve, hide and answer, and only approved reviews reach visitors.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookings, orders, outboxMessages, reviewRequests, reviews } from '../../../worker/db/schema';
import { reviewToken } from '../../../worker/services/reviews/review-links';
import { queueReviewRequests, REVIEW_REQUEST_MAX_AGE_DAYS } from '../../../worker/services/reviews/reviews';
import { reviewMessages } from '../../../worker/shared/catalogue/review-rules';
import { addDays, lagosDate, lagosToUtc } from '../../../worker/shared/time';
import { adminCall, call, clearData, db, jsonInit, seedBooking, seedOrder, signIn } from '../admin-harness';

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await clearData();
  await db.delete(outboxMessages);
});

const today = lagosDate(new Date());
const visitDay = addDays(today, 2);
/** Lagos wall time on `date`, as the cron's clock. */
const at = (date: string, time: string) => lagosToUtc(date, time);

/**
 * A paid visit on `visitDay` at 10:00 (an hour), marked completed now, as staff would once it had
 * started (the cron's clock is moved instead of the Worker's; tests/worker/bookings/visit-statuses.test.ts
 * holds the route's own rules).
 */
async function completedVisit(seed: Parameters<typeof seedBooking>[0] = { date: visitDay }) {
  const booking = await seedBooking(seed);
  await db
    .update(bookings)
    .set({ serviceStatus: 'completed', completedAt: new Date().toISOString() })
    .where(eq(bookings.id, booking.id));
  return booking;
}

const requests = () => db.select().from(reviewRequests);
const reviewRows = () => db.select().from(reviews).where(sql`${reviews.source} = 'verified'`);
const requestMessages = () =>
  db.select().from(outboxMessages).where(eq(outboxMessages.template, 'review-request')).orderBy(outboxMessages.channel);

const tokenOfVisit = (bookingId: string) => reviewToken({ kind: 'visit', bookingId }, env.MANAGE_LINK_SECRET);

function postReview(token: string, body: unknown) {
  return call(
    `/api/reviews/${token}`,
    jsonInit('POST', body, { 'CF-Connecting-IP': `203.0.113.${Math.floor(Math.random() * 200)}` }),
  );
}

async function approve(id: string, reply?: string) {
  const response = await adminCall(cookie, `/api/reviews/${id}`, 'PUT', {
    status: 'approved',
    ...(reply ? { reply } : {}),
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<{ success: true; review: { status: string; reply: string | null } }>;
}

describe('the review request (the cron)', () => {
  it('goes a day after the visit, in daytime, once, by email and WhatsApp with a private link', async () => {
    const booking = await completedVisit();
    // The visit ends at 11:00: at 10:30 the next day it is not yet a day; at night nothing is sent.
    await queueReviewRequests(env, at(addDays(visitDay, 1), '10:30'));
    await queueReviewRequests(env, at(addDays(visitDay, 1), '21:30'));
    expect(await requests()).toHaveLength(0);

    await queueReviewRequests(env, at(addDays(visitDay, 1), '11:15'));
    await queueReviewRequests(env, at(addDays(visitDay, 1), '11:30'));
    const [request, ...others] = await requests();
    expect(others).toHaveLength(0);
    expect(request).toMatchObject({ kind: 'visit', bookingId: booking.id, subject: 'Swedish', name: 'Ada Obi' });
    const messages = await requestMessages();
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'ada@example.com'],
      ['whatsapp', '+2348031234567'],
    ]);
    const link = `${env.SITE_URL.replace(/\/$/, '')}/review/${await tokenOfVisit(booking.id)}`;
    expect(messages[0]?.text).toContain(link);
    expect(messages[1]?.whatsappTemplate).toEqual({
      name: 'review_request',
      parameters: ['Ada Obi', 'Swedish', expect.any(String), link],
    });
    // The Messages screen shows it without the link: no one at the desk can write it.
    const shown = (await (await adminCall(cookie, `/api/messages/${messages[0]?.id}`)).json()) as { text: string };
    expect(shown.text).toContain('/review/(hidden)');
    expect(shown.text).not.toContain(await tokenOfVisit(booking.id));
  });

  it('asks only those who came, and not about old visits', async () => {
    await seedBooking({ date: visitDay, time: '12:00' }); // booked, never completed
    const cancelled = await seedBooking({ date: visitDay, time: '14:00' });
    await adminCall(cookie, `/api/bookings/${cancelled.id}`, 'PUT', { serviceStatus: 'cancelled', refund: false });
    const old = await completedVisit({ date: visitDay, time: '16:00' });
    await db
      .update(bookings)
      .set({ completedAt: new Date(Date.now() - (REVIEW_REQUEST_MAX_AGE_DAYS + 1) * 86_400_000).toISOString() })
      .where(eq(bookings.id, old.id));
    await queueReviewRequests(env, at(addDays(visitDay, 2), '12:00'));
    expect(await requests()).toHaveLength(0);
    expect(await requestMessages()).toHaveLength(0);
  });

  it('asks about each product of a delivered order a day on, in one email, once', async () => {
    const order = await seedOrder({ orderStatus: 'shipped' });
    expect((await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'delivered' })).status).toBe(200);
    const [delivered] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(delivered?.deliveredAt).toBeTruthy();
    // Delivered at 10:00 today (a fixed clock): at 09:30 tomorrow, within the daytime hours, it is
    // not yet a day; at 10:15 it is, and a second run asks nothing more.
    await db
      .update(orders)
      .set({ deliveredAt: at(today, '10:00').toISOString() })
      .where(eq(orders.id, order.id));
    await queueReviewRequests(env, at(addDays(today, 1), '09:30'));
    expect(await requests()).toHaveLength(0);

    const later = at(addDays(today, 1), '10:15');
    await queueReviewRequests(env, later);
    await queueReviewRequests(env, later);
    expect((await requests()).map((request) => [request.kind, request.productId, request.subject]).sort()).toEqual([
      ['product', 'all-glow-body-oil', 'All Glow Body Oil'],
      ['product', 'goat-milk-bar-soap', 'Goat Milk Bar Soap'],
    ]);
    const messages = await requestMessages();
    expect(messages.map((message) => [message.channel, message.recipient])).toEqual([['email', 'chioma@example.com']]);
    expect(messages[0]?.text).toContain('Review All Glow Body Oil: ');
    expect(messages[0]?.text).toContain('Review Goat Milk Bar Soap: ');
  });
});

describe('writing a review by its link', () => {
  async function requestedVisit() {
    const booking = await completedVisit();
    await queueReviewRequests(env, at(addDays(visitDay, 1), '12:00'));
    return { booking, token: await tokenOfVisit(booking.id) };
  }

  it('shows what it reviews, takes one review (pending), and answers a second with 409', async () => {
    const { token } = await requestedVisit();
    const page = await call(`/api/review-requests/${token}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ kind: 'visit', subject: 'Swedish', firstName: 'Ada', reviewed: false });

    const first = await postReview(token, { rating: 5, comment: '  Best massage in Lagos.  ', therapistRating: 4 });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ success: true, status: 'pending' });
    const [stored, ...more] = await reviewRows();
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({
      author: 'Ada O.',
      rating: 5,
      therapistRating: 4,
      comment: 'Best massage in Lagos.',
    });
    expect(stored?.therapistId).toBeTruthy();

    const again = await postReview(token, { rating: 1, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: reviewMessages.alreadyReviewed });
    expect(await reviewRows()).toHaveLength(1);
    expect(await (await call(`/api/review-requests/${token}`)).json()).toMatchObject({ reviewed: true });
    // Not shown before staff approve it.
    expect(await (await call('/api/reviews?treatment=swedish')).json()).toMatchObject({ reviewCount: 0, reviews: [] });
  });

  it('refuses bad input with a message and stores nothing', async () => {
    const { token } = await requestedVisit();
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const cases: Array<[string, unknown, number, string]> = [
      [token, { rating: 0, comment: 'ok' }, 400, reviewMessages.rating],
      [token, { rating: 6, comment: 'ok' }, 400, reviewMessages.rating],
      [token, { rating: 4.5, comment: 'ok' }, 400, reviewMessages.rating],
      [token, { rating: '5', comment: 'ok' }, 400, reviewMessages.rating],
      [token, { comment: 'no stars' }, 400, reviewMessages.rating],
      [token, { rating: 5, comment: 'x'.repeat(2001) }, 400, reviewMessages.comment],
      [token, { rating: 5, comment: 'Lovely <script>alert(1)</script>' }, 400, reviewMessages.markup],
      [token, { rating: 5, comment: '<img src=x onerror=alert(1)>' }, 400, reviewMessages.markup],
      [token, { rating: 5, therapistRating: 9 }, 400, reviewMessages.therapistRating],
      [altered, { rating: 5, comment: 'forged' }, 400, reviewMessages.badLink],
      ['not-a-token', { rating: 5, comment: 'forged' }, 400, reviewMessages.badLink],
    ];
    for (const [link, body, status, message] of cases) {
      const response = await postReview(link, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    expect(await reviewRows()).toHaveLength(0);
    // Words that only look like symbols are words: "<3" and "5 > 4".
    expect((await postReview(token, { rating: 5, comment: 'Loved it <3, 5 > 4' })).status).toBe(201);
    expect((await call(`/api/review-requests/${altered}`)).status).toBe(404);
  });

  it('keeps one review when ten arrive at once', async () => {
    const { token } = await requestedVisit();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => postReview(token, { rating: (n % 5) + 1, comment: `try ${n}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await reviewRows()).toHaveLength(1);
  });
});

describe('moderation and what visitors see', () => {
  async function reviewed(rating: number, comment: string, time: string) {
    const booking = await completedVisit({ date: visitDay, time });
    await queueReviewRequests(env, at(addDays(visitDay, 2), '12:00'));
    const response = await postReview(await tokenOfVisit(booking.id), { rating, comment });
    expect(response.status).toBe(201);
    return ((await response.json()) as { _id: string })._id;
  }

  it('lists waiting reviews for staff, shows approved ones with the average, the count and the reply, and hides', async () => {
    const first = await reviewed(5, 'Wonderful & calm', '10:00');
    const second = await reviewed(4, 'Good pressure', '12:00');
    const pending = (await (await adminCall(cookie, '/api/reviews/pending')).json()) as {
      reviews: Array<{ _id: string; clientName: string; source: string; status: string }>;
      total: number;
    };
    expect(pending.total).toBe(2);
    expect(pending.reviews.map((review) => review._id)).toEqual([first, second]);
    expect(pending.reviews[0]).toMatchObject({ clientName: 'Ada Obi', source: 'verified', status: 'pending' });

    expect((await approve(first, 'Thank you, Ada!')).review).toMatchObject({
      status: 'approved',
      reply: 'Thank you, Ada!',
    });
    await approve(second);
    const shown = (await (await call('/api/reviews?treatment=swedish')).json()) as {
      rating: number;
      reviewCount: number;
      reviews: Array<{ id: string; user: string; reply: string | null; verified: boolean }>;
    };
    expect(shown).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(shown.reviews.find((review) => review.id === first)).toMatchObject({
      user: 'Ada O.',
      reply: 'Thank you, Ada!',
      verified: true,
    });
    const swedish = (
      (await (await call('/api/treatments')).json()) as Array<{ _id: string; rating: number; reviewCount: number }>
    ).find((treatment) => treatment._id === 'swedish');
    expect(swedish).toMatchObject({ rating: 4.5, reviewCount: 2 });

    expect((await adminCall(cookie, `/api/reviews/${second}`, 'PUT', { status: 'hidden' })).status).toBe(200);
    expect(await (await call('/api/reviews?treatment=swedish')).json()).toMatchObject({ rating: 5, reviewCount: 1 });
    const hidden = (await (await adminCall(cookie, '/api/reviews/staff?status=hidden')).json()) as { total: number };
    expect(hidden.total).toBe(1);
    // The activity log says who decided.
    const activity = (await (await adminCall(cookie, '/api/activity?action=review-moderate')).json()) as unknown[];
    expect(activity.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown review, a bad status and a reply in HTML; the public may not moderate', async () => {
    const id = await reviewed(3, 'Fine', '10:00');
    expect((await adminCall(cookie, '/api/reviews/nope', 'PUT', { status: 'approved' })).status).toBe(404);
    const badStatus = await adminCall(cookie, `/api/reviews/${id}`, 'PUT', { status: 'pending' });
    expect(badStatus.status).toBe(400);
    expect(((await badStatus.json()) as { message: string }).message).toBe(reviewMessages.status);
    const badReply = await adminCall(cookie, `/api/reviews/${id}`, 'PUT', {
      status: 'approved',
      reply: '<b>Thanks</b>',
    });
    expect(badReply.status).toBe(400);
    expect((await call(`/api/reviews/${id}`, jsonInit('PUT', { status: 'approved' }))).status).toBe(401);
    expect((await call('/api/reviews/pending')).status).toBe(401);
    const [row] = await reviewRows();
    expect(row).toMatchObject({ status: 'pending', reply: null });
  });

  it('keeps the shop’s first reviews as approved seed data, averaged with buyers’ ones', async () => {
    const products = (await (await call('/api/products')).json()) as Array<{
      _id: string;
      rating: number;
      reviewCount: number;
      reviews: Array<{ verified: boolean }>;
    }>;
    const oil = products.find((product) => product._id === 'all-glow-body-oil');
    expect(oil).toMatchObject({ rating: 4.8, reviewCount: 2 });
    expect(oil?.reviews.every((review) => review.verified === false)).toBe(true);
    const approved = (await (await adminCall(cookie, '/api/reviews/staff?status=approved')).json()) as {
      reviews: Array<{ source: string; subject: string }>;
    };
    expect(approved.reviews.filter((review) => review.source === 'seed')).toHaveLength(12);
    expect(approved.reviews.map((review) => review.subject)).toContain('All Glow Body Oil');
  });

  it('averages a buyer’s review with them once it is approved, never while it waits', async () => {
    const oil = async () =>
      (
        (await (await call('/api/products')).json()) as Array<{ _id: string; rating: number; reviewCount: number }>
      ).find((product) => product._id === 'all-glow-body-oil');
    expect(await oil()).toMatchObject({ rating: 4.8, reviewCount: 2 });
    const order = await seedOrder({ orderStatus: 'shipped' });
    expect((await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'delivered' })).status).toBe(200);
    await db
      .update(orders)
      .set({ deliveredAt: at(today, '10:00').toISOString() })
      .where(eq(orders.id, order.id));
    await queueReviewRequests(env, at(addDays(today, 1), '10:15'));
    const [message] = await requestMessages();
    const token = /Review All Glow Body Oil: \S*\/review\/(\S+)/.exec(message?.text ?? '')?.[1] ?? '';
    expect((await postReview(token, { rating: 3, comment: 'Smells lovely, a little oily.' })).status).toBe(201);
    expect(await oil()).toMatchObject({ rating: 4.8, reviewCount: 2 });
    const [pending] = await reviewRows();
    await approve(pending?.id ?? '');
    // (4.8 × 2 + 3) / 3
    expect(await oil()).toMatchObject({ rating: 4.2, reviewCount: 3 });
  });
});
