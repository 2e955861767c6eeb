import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { authMessages } from '../../../worker/routes/staff/auth';
import { SESSION_TTL_SECONDS, sessionKey } from '../../../worker/services/staff/admin-sessions';
import {
  clearAttempts,
  forgetOldAttempts,
  MAX_FAILURES,
  MAX_USERNAME_FAILURES,
  takeAttempt,
  WINDOW_SECONDS,
} from '../../../worker/services/staff/login-throttle';
import { adminCall, call, db, jsonInit, LOCAL_PASSWORD, login, origin, sessionIdFrom, signIn } from '../admin-harness';

const sessionState = async (cookie?: string) => {
  const response = await call('/api/auth/session', cookie ? { headers: { Cookie: cookie } } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as { authenticated: boolean };
};

/** The built-in owner, whom the install's ADMIN_USERNAME signs in. */
const builtInOwner = { _id: 'owner', name: 'Studio owner', email: null, role: 'owner' };
const signedInAsOwner = { authenticated: true, user: builtInOwner };

let address = 0;
/** Each test counts its failures against an address of its own. */
const freshAddress = () => `192.0.2.${++address}`;

describe('POST /api/auth/login', () => {
  it('starts a session: a 256-bit id in an HttpOnly, Secure, SameSite=Strict __Host- cookie for 8 hours', async () => {
    const response = await login('admin', LOCAL_PASSWORD, freshAddress());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { user: builtInOwner } });
    const cookie = response.headers.get('Set-Cookie') ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toContain(`Max-Age=${SESSION_TTL_SECONDS}`);
    expect(cookie).not.toMatch(/Domain=/i);
    const id = sessionIdFrom(response) ?? '';
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url

    // KV holds the id's hash, never the id itself.
    expect(await env.SESSIONS.get(`session:${id}`)).toBeNull();
    expect(await env.SESSIONS.get(await sessionKey(id))).not.toBeNull();
    expect(await sessionState(`${SESSION_COOKIE}=${id}`)).toEqual(signedInAsOwner);
  });

  it('issues a new session id at every login, and ends the one the browser still held', async () => {
    const first = await signIn();
    const ip = freshAddress();
    const second = await call(
      '/api/auth/login',
      jsonInit('POST', { username: 'admin', password: LOCAL_PASSWORD }, { Cookie: first, 'CF-Connecting-IP': ip }),
    );
    expect(second.status).toBe(200);
    const secondId = sessionIdFrom(second);
    expect(`${SESSION_COOKIE}=${secondId}`).not.toBe(first);
    expect(await sessionState(first)).toEqual({ authenticated: false });
    expect(await sessionState(`${SESSION_COOKIE}=${secondId}`)).toEqual(signedInAsOwner);
  });

  it('answers a wrong username and a wrong password the same way, with no cookie', async () => {
    const ip = freshAddress();
    const wrongName = await login('staff', LOCAL_PASSWORD, ip);
    const wrongPassword = await login('admin', 'spa-admin-locaL', ip);
    for (const response of [wrongName, wrongPassword]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: authMessages.invalid });
      expect(response.headers.get('Set-Cookie')).toBeNull();
    }
  });

  it('refuses missing fields with a clear message', async () => {
    const response = await call('/api/auth/login', jsonInit('POST', { username: '', password: 'x' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: authMessages.usernameRequired });
    const noPassword = await call('/api/auth/login', jsonInit('POST', { username: 'admin' }));
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ message: authMessages.passwordRequired });
  });

  it(`locks an address out after ${MAX_FAILURES} failures, even for the right password, with Retry-After`, async () => {
    const ip = freshAddress();
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      expect((await login('admin', `wrong-${attempt}`, ip)).status).toBe(401);
    }
    const locked = await login('admin', LOCAL_PASSWORD, ip);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: authMessages.locked });
    expect(locked.headers.get('Set-Cookie')).toBeNull();
    const retryAfter = Number(locked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);

    // Another address is not affected.
    expect((await login('admin', LOCAL_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('lets four failures and then the right password through, and starts counting afresh after it', async () => {
    const ip = freshAddress();
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt++) await login('admin', 'wrong', ip);
    expect((await login('admin', LOCAL_PASSWORD, ip)).status).toBe(200);
    for (let attempt = 0; attempt < MAX_FAILURES - 1; attempt++) await login('admin', 'wrong', ip);
    expect((await login('admin', LOCAL_PASSWORD, ip)).status).toBe(200);
  });

  it('refuses a login posted from another site or as a form', async () => {
    const foreign = await call(
      '/api/auth/login',
      jsonInit('POST', { username: 'admin', password: LOCAL_PASSWORD }, { Origin: 'https://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    const form = await call('/api/auth/login', {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `username=admin&password=${LOCAL_PASSWORD}`,
    });
    expect(form.status).toBe(415);
  });
});

describe('the failure window', () => {
  const start = new Date('2026-11-22T10:00:00Z');
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
  const keys = () => ({ network: `window-${crypto.randomUUID()}`, username: `user-${crypto.randomUUID()}` });

  it('locks until 15 minutes after the first failure, then opens again', async () => {
    const attempt = keys();
    for (let index = 0; index < MAX_FAILURES; index++) {
      expect(await takeAttempt(db, attempt, at(index * 60))).toEqual({ allowed: true });
    }
    expect(await takeAttempt(db, attempt, at(5 * 60))).toEqual({
      allowed: false,
      retryAfterSeconds: WINDOW_SECONDS - 5 * 60,
      networkAllowed: false,
    });
    expect(await takeAttempt(db, attempt, at(WINDOW_SECONDS - 1))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
      networkAllowed: false,
    });
    expect(await takeAttempt(db, attempt, at(WINDOW_SECONDS))).toEqual({ allowed: true });
  });

  it('starts a new window for an attempt after the old one has passed, and forgets old windows', async () => {
    const attempt = keys();
    for (let index = 0; index < MAX_FAILURES; index++) await takeAttempt(db, attempt, at(index));
    expect(await takeAttempt(db, attempt, at(WINDOW_SECONDS + 10))).toEqual({ allowed: true });
    await forgetOldAttempts(db, at(3 * WINDOW_SECONDS));
    const left = await db.all(sql`select key from login_failures where key like ${`%${attempt.network}`}`);
    expect(left).toEqual([]);
  });

  it('gives the counts back after a success', async () => {
    const attempt = keys();
    for (let index = 0; index < MAX_FAILURES; index++) await takeAttempt(db, attempt, at(index));
    await clearAttempts(db, attempt);
    expect(await takeAttempt(db, attempt, at(10))).toEqual({ allowed: true });
  });
});

describe('guessing in bursts and from many places', () => {
  it(`checks at most ${MAX_FAILURES} of 50 wrong passwords sent at once from one address; the rest get 429, none 500`, async () => {
    const ip = freshAddress();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => login('admin', `burst-${index}`, ip)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - MAX_FAILURES);
    // The right password from there waits too.
    expect((await login('admin', LOCAL_PASSWORD, ip)).status).toBe(429);
  });

  it('counts an IPv6 client by its /64: other addresses of the same prefix share the lock', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      expect((await login('admin', 'wrong', `${prefix}::${attempt + 1}`)).status).toBe(401);
    }
    expect((await login('admin', LOCAL_PASSWORD, `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    expect((await login('admin', LOCAL_PASSWORD, `${prefix.replace(/:7$/, ':8')}::1`)).status).toBe(200);
  });

  it(`stops a guesser spread over many networks after ${MAX_USERNAME_FAILURES} failures for one username`, async () => {
    const username = `owner-${crypto.randomUUID().slice(0, 8)}`;
    const staffEnv = { ...env, ADMIN_USERNAME: username };
    const attempt = (password: string, ip = freshAddress()) =>
      call('/api/auth/login', jsonInit('POST', { username, password }, { 'CF-Connecting-IP': ip }), staffEnv);
    for (let index = 0; index < MAX_USERNAME_FAILURES; index++) {
      expect((await attempt(`guess-${index}`)).status).toBe(401);
    }
    const locked = await attempt(LOCAL_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(WINDOW_SECONDS - 60);
    // Other staff are not affected.
    expect((await login('admin', LOCAL_PASSWORD, freshAddress())).status).toBe(200);
  });
});

describe('POST /api/auth/logout and GET /api/auth/session', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signIn();
  });

  it('ends the session: the cookie no longer opens admin routes', async () => {
    expect((await adminCall(cookie, '/api/get-coupons')).status).toBe(200);
    const response = await adminCall(cookie, '/api/auth/logout', 'POST');
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await adminCall(cookie, '/api/get-coupons')).status).toBe(401);
    expect(await sessionState(cookie)).toEqual({ authenticated: false });
  });

  it('says false without a cookie, for a forged one, and for an expired session', async () => {
    expect(await sessionState()).toEqual({ authenticated: false });
    expect(await sessionState(`${SESSION_COOKIE}=${'A'.repeat(43)}`)).toEqual({ authenticated: false });
    const id = 'expired-session-id-for-the-test-0000000000';
    await env.SESSIONS.put(
      await sessionKey(id),
      JSON.stringify({ createdAt: '2026-01-01T00:00:00.000Z', expiresAt: new Date(Date.now() - 1000).toISOString() }),
    );
    expect(await sessionState(`${SESSION_COOKIE}=${id}`)).toEqual({ authenticated: false });
    expect(await sessionState(cookie)).toEqual(signedInAsOwner);
  });
});
