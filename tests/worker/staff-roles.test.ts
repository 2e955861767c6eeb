// Staff accounts and roles: a team member signs in with their email; every staff route, taken from
// the app itself, answers each role as the access table says (403 with a message where the role
// lacks the permission), and 401 without a live session of an active account.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, therapists } from '../../worker/db/schema';
import { adminMessages, SESSION_COOKIE } from '../../worker/middleware/admin-session';
import { accessOf, routeAccess } from '../../worker/middleware/staff-access';
import { authMessages } from '../../worker/routes/auth';
import { sessionKey } from '../../worker/services/admin-sessions';
import { hashPassword } from '../../worker/services/password';
import {
  accessMessages,
  can,
  type Permission,
  permissions,
  type StaffRole,
  staffRoles,
} from '../../worker/shared/permissions';
import { call, db, jsonInit, login, sessionIdFrom } from './admin-harness';
import { adminRoutes, apiRoutes } from './route-list';

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
  it('give the owner everything, the manager all but the team, reception the desk, a therapist nothing yet', () => {
    const of = (role: StaffRole) => (Object.keys(permissions) as Permission[]).filter((name) => can(role, name));
    const everything = Object.keys(permissions);
    expect(of('owner')).toEqual(everything);
    expect(of('manager')).toEqual(everything.filter((name) => name !== 'team'));
    expect(of('reception')).toEqual(['bookings', 'orders', 'scheduleRead']);
    expect(of('therapist')).toEqual([]);
  });
});

describe('the access table', () => {
  it('lists every route of the API, and only those', () => {
    expect(Object.keys(routeAccess).sort()).toEqual([...apiRoutes].sort());
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
    const access = accessOf(method, pattern);
    expect(access, route).toBeDefined();
    // Writes go without an Origin: a route the role may use then stops at its own cross-site
    // check (403, another message) before it changes anything.
    const response = await call(concrete(pattern), {
      method,
      headers: { Cookie: cookies.get(role) ?? '', ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }) },
      body: method === 'GET' ? undefined : '{}',
    });
    const allowed = access === 'signedIn' || (access !== 'public' && access !== undefined && can(role, access));
    if (allowed) {
      expect(response.status, route).not.toBe(401);
      if (response.status === 403) expect(await response.json()).not.toEqual({ message: accessMessages.forbidden });
    } else {
      expect(response.status, route).toBe(403);
      expect(await response.json()).toEqual({ message: accessMessages.forbidden });
    }
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
