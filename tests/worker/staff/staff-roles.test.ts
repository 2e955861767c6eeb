// Staff accounts and roles: a team member signs in with their email; every staff route, taken from
// the app itself, answers each role as the access table says (403 with a message where the role
// lacks the permission), and 401 without a live session of an active account.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, therapists, visitNotes } from '../../../worker/db/schema';
import { adminMessages, SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { routeAccess } from '../../../worker/middleware/staff-access';
import { authMessages } from '../../../worker/routes/staff/auth';
import { sessionKey } from '../../../worker/services/staff/admin-sessions';
import { hashPassword } from '../../../worker/services/staff/password';
import {
  accessMessages,
  can,
  type Permission,
  permissions,
  type StaffRole,
  staffRoles,
} from '../../../worker/shared/permissions';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { call, db, jsonInit, login, seedBooking, sessionIdFrom } from '../admin-harness';
import { adminRoutes, apiRoutes, publicRoutes, staffAccess } from '../route-list';

const PASSWORD = 'a long team password 2026';

/** A concrete request path for a route pattern (its parameters filled in). */
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, 'some-id');

let address = 0;
/** Signs `email` in (from an address of its own) and returns the Cookie header. */
async function signInAs(email: string): Promise<string> {
  const response = await login(email, PASSWORD, `198.18.0.${++address}`);
  expect(response.status, email).toBe(200);
  return `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
}

/** An account of `role` with the test password; a therapist's is linked to a therapist. */
async function addAccount(role: StaffRole, email: string, active = true): Promise<string> {
  const [therapist] = role === 'therapist' ? await db.select({ id: therapists.id }).from(therapists).limit(1) : [];
  const [account] = await db
    .insert(staffAccounts)
    .values({
      name: `${role} of the test`,
      email,
      role,
      active,
      therapistId: therapist?.id ?? null,
      passwordHash: await hashPassword(PASSWORD, env.ADMIN_PASSWORD_PEPPER),
    })
    .returning({ id: staffAccounts.id });
  if (!account) throw new Error('no account');
  return account.id;
}

const sessionOf = async (cookie?: string) =>
  (await call('/api/auth/session', cookie ? { headers: { Cookie: cookie } } : {})).json();

const cookies = new Map<StaffRole, string>();
beforeAll(async () => {
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
  for (const role of staffRoles) {
    const email = `${role}@roles.test`;
    await addAccount(role, email);
    cookies.set(role, await signInAs(email));
  }
});

describe('the roles', () => {
  it('give the owner everything, the manager all but the team and clients’ data, reception the desk (gift vouchers and the waitlist too) without health answers, a therapist their own bookings and their visits’ statuses', () => {
    const of = (role: StaffRole) => (Object.keys(permissions) as Permission[]).filter((name) => can(role, name));
    const everything = Object.keys(permissions);
    expect(of('owner')).toEqual(everything);
    expect(of('manager')).toEqual(everything.filter((name) => name !== 'team' && name !== 'clientData'));
    expect(of('reception')).toEqual([
      'calendar',
      'allBookings',
      'visitStatus',
      'bookings',
      'ownNextVisit',
      'timeWaitlist',
      'clients',
      'orders',
      'scheduleRead',
      'vouchers',
    ]);
    expect(of('therapist')).toEqual(['calendar', 'healthAnswers', 'visitStatus', 'ownNextVisit', 'scheduleRead']);
  });
});

describe('the access table', () => {
  it('lists every route of the API, and only those', () => {
    expect(Object.keys(routeAccess).sort()).toEqual([...apiRoutes].sort());
  });

  it('opens to anyone exactly the routes written out as public, and guards each staff one as written', () => {
    const publicInTable = Object.entries(routeAccess).filter(([, access]) => access === 'public');
    expect(publicInTable.map(([route]) => route).sort()).toEqual([...publicRoutes].sort());
    expect(Object.keys(staffAccess).sort()).toEqual([...adminRoutes].sort());
    for (const [route, access] of Object.entries(staffAccess)) expect(routeAccess[route], route).toBe(access);
  });
});

describe('signing in with an email', () => {
  it('takes the email in any case, and the session says who it is', async () => {
    const cookie = await signInAs('  Reception@Roles.TEST ');
    expect(await sessionOf(cookie)).toEqual({
      authenticated: true,
      user: {
        _id: expect.any(String),
        name: 'reception of the test',
        email: 'reception@roles.test',
        role: 'reception',
      },
    });
  });

  it('refuses a wrong password, an unknown email and a deactivated person alike', async () => {
    await addAccount('manager', 'gone@roles.test', false);
    for (const [username, password] of [
      ['manager@roles.test', `${PASSWORD}!`],
      ['nobody@roles.test', PASSWORD],
      ['gone@roles.test', PASSWORD],
    ] as const) {
      const response = await login(username, password, `198.18.1.${++address}`);
      expect(response.status, username).toBe(401);
      expect(await response.json()).toEqual({ message: authMessages.invalid });
      expect(response.headers.get('Set-Cookie')).toBeNull();
    }
  });
});

describe.each(staffRoles)('a %s session', (role) => {
  it.each(adminRoutes)(`%s: allowed or 403, as the table says`, async (route) => {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    // What the route needs as written out in route-list.ts, never as the code's table says.
    const access = staffAccess[route];
    expect(access, route).toBeDefined();
    // Writes go without an Origin: a route the role may use then stops at its own cross-site
    // check (403, another message) before it changes anything.
    const response = await call(concrete(pattern), {
      method,
      headers: { Cookie: cookies.get(role) ?? '', ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
      body: method === 'GET' ? undefined : '{}',
    });
    const allowed = access === 'signedIn' || (access !== undefined && can(role, access));
    if (allowed) {
      expect(response.status, route).not.toBe(401);
      expect(response.status, `${route} must not fail on the server`).toBeLessThan(500);
      if (response.status === 403) expect(await response.json()).not.toEqual({ message: accessMessages.forbidden });
    } else {
      expect(response.status, route).toBe(403);
      expect(await response.json()).toEqual({ message: accessMessages.forbidden });
    }
  });
});

describe('the clients’ health answers', () => {
  const secret = 'Warfarin-7431';
  let day = '';
  let theirs = '';
  let others = '';
  beforeAll(async () => {
    day = addDays(lagosDate(new Date()), 2);
    const health = { healthConditions: ['Pregnancy'], onMedication: true, medicationDetails: secret };
    const first = await seedBooking({ name: 'Ada Obi', date: day, ...health });
    const second = await seedBooking({ name: 'Bisi Ade', date: day, ...health });
    if (!('therapistId' in first && 'therapistId' in second)) throw new Error('bookings without therapists');
    // The therapist's account gives the first booking; the second is a colleague's.
    await db
      .update(staffAccounts)
      .set({ therapistId: first.therapistId })
      .where(eq(staffAccounts.email, 'therapist@roles.test'));
    theirs = first.id;
    others = second.id;
    // What each visit's therapist wrote after it: health data too.
    await db.insert(visitNotes).values([
      { bookingId: theirs, text: `Tendon-5521 for Ada`, writtenBy: 'Tolu' },
      { bookingId: others, text: `Tendon-5521 for Bisi`, writtenBy: 'Kemi' },
    ]);
  });

  /** Every staff GET route, its answer's text (what a browser or a script with the session can read). */
  async function everyStaffAnswer(cookie: string) {
    const query: Record<string, string> = {
      '/api/calendar': `?from=${day}&to=${day}`,
      '/api/today': `?date=${day}`,
    };
    const answers: Array<{ route: string; status: number; text: string }> = [];
    for (const route of adminRoutes.filter((each) => each.startsWith('GET '))) {
      const pattern = route.slice(4);
      const response = await call(`${concrete(pattern)}${query[pattern] ?? ''}`, { headers: { Cookie: cookie } });
      answers.push({ route, status: response.status, text: await response.text() });
    }
    return answers;
  }

  it('reach no reception session by any route (API or CSV), though reception reads the bookings', async () => {
    const answers = await everyStaffAnswer(cookies.get('reception') ?? '');
    expect(answers.find((answer) => answer.route === 'GET /api/bookings')).toMatchObject({ status: 200 });
    expect(answers.find((answer) => answer.route === 'GET /api/calendar')?.text).toContain('Bisi Ade');
    for (const answer of answers) {
      expect(answer.text, answer.route).not.toMatch(/Warfarin|Pregnancy|healthConditions|onMedication|Tendon/);
    }
  });

  it('reach the owner and the manager in the bookings and the calendar, never in a CSV', async () => {
    for (const role of ['owner', 'manager'] as const) {
      const answers = await everyStaffAnswer(cookies.get(role) ?? '');
      for (const route of ['GET /api/bookings', 'GET /api/calendar', 'GET /api/today']) {
        expect(answers.find((answer) => answer.route === route)?.text, `${role} ${route}`).toContain(secret);
      }
      expect(answers.find((answer) => answer.route === 'GET /api/today')?.text).toContain('Tendon-5521 for Bisi');
      for (const answer of answers.filter(({ route }) => route.includes('/export/'))) {
        expect(answer.status, answer.route).toBe(200);
        expect(answer.text, answer.route).not.toMatch(/Warfarin|Pregnancy|Tendon/);
      }
    }
  });

  it('reach a therapist only for the bookings they give, and their calendar holds only their own day', async () => {
    const cookie = cookies.get('therapist') ?? '';
    const list = (await (await call('/api/bookings', { headers: { Cookie: cookie } })).json()) as Array<{
      _id: string;
      medicationDetails?: string;
    }>;
    expect(list.map((booking) => booking._id)).toEqual([theirs]);
    expect(list[0]?.medicationDetails).toBe(secret);
    const calendar = (await (
      await call(`/api/calendar?from=${day}&to=${day}`, { headers: { Cookie: cookie } })
    ).json()) as { therapists: Array<{ _id: string }>; bookings: Array<{ _id: string }> };
    const [account] = await db
      .select({ therapistId: staffAccounts.therapistId })
      .from(staffAccounts)
      .where(eq(staffAccounts.email, 'therapist@roles.test'));
    expect(calendar.therapists.map((therapist) => therapist._id)).toEqual([account?.therapistId]);
    expect(calendar.bookings.map((booking) => booking._id)).toEqual([theirs]);
    const text = JSON.stringify(calendar);
    expect(text).not.toContain(others);
    expect(text).not.toContain('Bisi Ade');
    // Their day on Today: their own visit with its notes, never a colleague's, whatever they ask.
    const today = await (await call(`/api/today?date=${day}&therapistId=all`, { headers: { Cookie: cookie } })).text();
    expect(today).toContain('Tendon-5521 for Ada');
    expect(today).not.toContain('Bisi');
  });
});

describe('a reception session', () => {
  it('cannot read revenue or exports, and the owner can', async () => {
    for (const path of ['/api/stats', '/api/export/bookings.csv', '/api/export/orders.csv']) {
      const reception = await call(path, { headers: { Cookie: cookies.get('reception') ?? '' } });
      expect(reception.status, path).toBe(403);
      const owner = await call(path, { headers: { Cookie: cookies.get('owner') ?? '' } });
      expect(owner.status, path).toBe(200);
    }
  });
});

describe.each([
  'no session',
  'a forged session',
  'an expired session',
  'a deactivated person’s session',
  'a session ended everywhere',
] as const)('with %s', (state) => {
  let cookie: string | undefined;
  beforeAll(async () => {
    if (state === 'no session') cookie = undefined;
    else if (state === 'a forged session') cookie = `${SESSION_COOKIE}=${'F'.repeat(43)}`;
    else if (state === 'an expired session') {
      const id = 'expired-session-of-the-matrix-000000000000';
      await env.SESSIONS.put(
        await sessionKey(id),
        JSON.stringify({
          accountId: 'owner',
          createdAt: '2026-01-01T00:00:00.000Z',
          expiresAt: '2026-01-01T08:00:00.000Z',
        }),
      );
      cookie = `${SESSION_COOKIE}=${id}`;
    } else {
      const email = state === 'a deactivated person’s session' ? 'matrix-gone@roles.test' : 'matrix-ended@roles.test';
      const id = await addAccount('owner', email);
      cookie = await signInAs(email);
      await db
        .update(staffAccounts)
        .set(
          state === 'a deactivated person’s session'
            ? { active: false }
            : { sessionsValidAfter: new Date(Date.now() + 1000).toISOString() },
        )
        .where(eq(staffAccounts.id, id));
    }
  });

  it.each(adminRoutes)('%s answers 401 before its handler runs', async (route) => {
    const [method = 'GET', pattern = '/'] = route.split(' ');
    const response = await call(concrete(pattern), {
      ...jsonInit(method, method === 'GET' ? undefined : {}),
      headers: {
        ...(jsonInit(method, method === 'GET' ? undefined : {}).headers as Record<string, string>),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    expect(response.status, route).toBe(401);
    expect(await response.json()).toEqual({ message: adminMessages.unauthorized });
  });
});

describe('a session that is over', () => {
  it('answers 401 once the person is deactivated, at once', async () => {
    const id = await addAccount('reception', 'leaving@roles.test');
    const cookie = await signInAs('leaving@roles.test');
    expect((await call('/api/bookings', { headers: { Cookie: cookie } })).status).toBe(200);
    await db.update(staffAccounts).set({ active: false }).where(eq(staffAccounts.id, id));
    const response = await call('/api/bookings', { headers: { Cookie: cookie } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: adminMessages.unauthorized });
    expect(await sessionOf(cookie)).toEqual({ authenticated: false });
  });

  it('answers 401 for no cookie, a forged one, an expired one and one from before accounts', async () => {
    const expired = 'expired-session-of-an-account-000000000000';
    await env.SESSIONS.put(
      await sessionKey(expired),
      JSON.stringify({
        accountId: 'owner',
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-01-01T08:00:00.000Z',
      }),
    );
    const older = 'session-from-before-accounts-0000000000000';
    await env.SESSIONS.put(
      await sessionKey(older),
      JSON.stringify({
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=${'B'.repeat(43)}`,
      `${SESSION_COOKIE}=${expired}`,
      `${SESSION_COOKIE}=${older}`,
    ]) {
      const response = await call('/api/bookings', cookie ? { headers: { Cookie: cookie } } : {});
      expect(response.status, cookie).toBe(401);
    }
  });

  it('a session of another role opens only that role’s routes', async () => {
    const reception = cookies.get('reception') ?? '';
    const response = await call('/api/create-coupons', {
      ...jsonInit('POST', { code: 'ROLE10', discount: 10, minAmount: 0, expiryDate: '2099-01-01', active: true }),
      headers: { ...(jsonInit('POST', {}).headers as Record<string, string>), Cookie: reception },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: accessMessages.forbidden });
  });
});
