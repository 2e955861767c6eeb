// Every API route that is not on the public list below is a staff route: it must refuse anyone
// without a live session, and refuse cross-site or non-JSON writes even with one. The routes come
// from the app itself, so a new route is covered the day it is added.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../worker/db/schema';
import { SESSION_COOKIE } from '../../worker/middleware/admin-session';
import { sessionKey } from '../../worker/services/staff/admin-sessions';
import { adminCall, call, clearData, db, origin, signIn } from './admin-harness';
import { adminRoutes, apiRoutes, publicRoutes, writes } from './route-list';

/** A concrete request path for a route pattern (its parameters filled in). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'some-id');
const split = (route: string) => {
  const [method = 'GET', path = '/'] = route.split(' ');
  return { method, path: concrete(path) };
};

describe('the route list', () => {
  it('finds the public routes and the staff routes of the spec', () => {
    for (const route of publicRoutes) expect(apiRoutes, route).toContain(route);
    for (const route of [
      'GET /api/bookings',
      'PUT /api/bookings/:id',
      'GET /api/orders',
      'PUT /api/orders/:id',
      'GET /api/get-coupons',
      'POST /api/create-coupons',
      'PUT /api/coupons/:id',
      'PATCH /api/coupons/:id',
      'DELETE /api/coupons/:id',
      'GET /api/academy-waitlist',
      'POST /api/send-bulk-email',
      'POST /api/send-whatsapp-bulk',
      'GET /api/export/bookings.csv',
      'GET /api/export/orders.csv',
      'GET /api/export/waitlist.csv',
      'GET /api/stats',
      'GET /api/campaigns',
      'GET /api/campaigns/:id',
      'GET /api/messages',
      'GET /api/messages/:id',
      'GET /api/messages/:id/preview',
    ]) {
      expect(adminRoutes, route).toContain(route);
    }
  });
});

describe('every staff route without a live session', () => {
  const expiredId = 'an-expired-session-id-000000000000000000000';
  const cookies: Array<[string, string | undefined]> = [
    ['no cookie', undefined],
    ['a forged cookie', `${SESSION_COOKIE}=${'x'.repeat(43)}`],
    ['an expired session', `${SESSION_COOKIE}=${expiredId}`],
    ['the session id under another cookie name', `spa_admin_session=${expiredId}`],
  ];
  beforeAll(async () => {
    await env.SESSIONS.put(
      await sessionKey(expiredId),
      JSON.stringify({ createdAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-01T08:00:00.000Z' }),
    );
    // A real session, signed out through the API.
    const ended = await signIn();
    expect((await adminCall(ended, '/api/auth/logout', 'POST')).status).toBe(200);
    cookies.push(['a session that was logged out', ended]);
    // A live session's id with one character changed.
    const live = await signIn();
    expect((await adminCall(live, '/api/stats')).status).toBe(200);
    const last = live.at(-1) === 'A' ? 'B' : 'A';
    cookies.push(['a live session id with one character changed', `${live.slice(0, -1)}${last}`]);
  });

  it.each(adminRoutes)('%s answers 401 in every case', async (route) => {
    const { method, path } = split(route);
    for (const [label, cookie] of cookies) {
      const response = await call(path, {
        method,
        headers: { Origin: origin, 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(response.status, `${route} with ${label}`).toBe(401);
      expect(await response.json()).toEqual({ message: 'Please log in to continue.' });
    }
  });

  it('a logged-out session stays refused', async () => {
    const cookie = await signIn();
    expect((await adminCall(cookie, '/api/stats')).status).toBe(200);
    await adminCall(cookie, '/api/auth/logout', 'POST');
    expect((await adminCall(cookie, '/api/stats')).status).toBe(401);
  });
});

describe('every state-changing staff route with a live session', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
    await clearData();
  });

  const refusals: Array<[string, Record<string, string>, string | undefined, number]> = [
    ['from another site', { Origin: 'https://evil.example', 'Content-Type': 'application/json' }, '{}', 403],
    ['with no Origin', { 'Content-Type': 'application/json' }, '{}', 403],
    ['from a look-alike origin', { Origin: `${origin}.evil.example`, 'Content-Type': 'application/json' }, '{}', 403],
    ['as a form', { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' }, 'active=false', 415],
    ['as multipart', { Origin: origin, 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--', 415],
    ['as text/plain', { Origin: origin, 'Content-Type': 'text/plain' }, '{}', 415],
    ['with a body and no content type', { Origin: origin }, undefined, 415],
    ['cross-site as a form', { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }, '{}', 403],
    [
      'cross-site as urlencoded',
      { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      'a=b',
      403,
    ],
    [
      'cross-site as multipart',
      { Origin: 'https://evil.example', 'Content-Type': 'multipart/form-data; boundary=x' },
      '--x--',
      403,
    ],
    [
      'cross-site with odd-case JSON',
      { Origin: 'https://evil.example', 'Content-Type': 'Application/JSON' },
      '{}',
      403,
    ],
    ['cross-site with no content type', { Origin: 'https://evil.example' }, '{}', 403],
    ['no Origin as a form', { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=b', 403],
    ['no Origin as multipart', { 'Content-Type': 'multipart/form-data; boundary=x' }, '--x--', 403],
    ['no Origin as text/plain', { 'Content-Type': 'text/plain' }, '{}', 403],
    ['no Origin with odd-case JSON', { 'Content-Type': 'APPLICATION/JSON' }, '{}', 403],
    ['no Origin and no content type', {}, '{}', 403],
    ['the null Origin of a sandboxed page', { Origin: 'null', 'Content-Type': 'application/json' }, '{}', 403],
  ];

  it.each(writes)('%s refuses cross-site and non-JSON requests and changes nothing', async (route) => {
    const { method, path } = split(route);
    const [coupon] = await db
      .insert(coupons)
      .values({ code: `CSRF${crypto.randomUUID().slice(0, 6).toUpperCase()}`, discount: 10, expiryDate: '2099-01-01' })
      .returning();
    const target = path.replace('some-id', coupon?.id ?? 'x');
    for (const [label, headers, body, status] of refusals) {
      const init: RequestInit = { method, headers: { ...headers, Cookie: cookie }, body };
      if (label === 'with a body and no content type') {
        // A byte body, so that no content type is filled in for it.
        init.body = new TextEncoder().encode('{"active":false}');
      }
      const response = await call(target, init);
      expect(response.status, `${route} ${label}`).toBe(status);
    }
    const [after] = await db.select().from(coupons).where(sqlId(coupon?.id));
    expect(after).toEqual(coupon);
  });

  it('lets a same-origin JSON request through (here: deactivating a coupon)', async () => {
    const [coupon] = await db
      .insert(coupons)
      .values({ code: 'SAMEORIGIN', discount: 10, expiryDate: '2099-01-01' })
      .returning();
    const response = await adminCall(cookie, `/api/coupons/${coupon?.id}`, 'PATCH', { active: false });
    expect(response.status).toBe(200);
    const [after] = await db.select().from(coupons).where(sqlId(coupon?.id));
    expect(after?.active).toBe(false);
  });
});

const sqlId = (id: string | undefined) => eq(coupons.id, id ?? '');
