// The second factor: on a public site, owners and managers sign in with an authenticator app's
// code after their password (or with a passkey); until they add one, their session opens nothing
// but their own account. Locally (the tests' and npm start's SITE_URL) the password alone works.
import { env } from 'cloudflare:workers';
import { decodeBase64 } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffAccounts, staffPasskeys, staffTokens } from '../../worker/db/schema';
import { SESSION_COOKIE } from '../../worker/middleware/admin-session';
import { passkeyMessages } from '../../worker/services/passkeys';
import { hashPassword } from '../../worker/services/password';
import { secondFactorMessages } from '../../worker/services/second-factor';
import { call, db, jsonInit } from './admin-harness';

const PASSWORD = 'a long team password 2026';
const publicEnv = {
  ...env,
  SITE_URL: 'https://studio.example.ng',
  ADMIN_PASSWORD_HASH: 'pbkdf2-sha256:100000:b3du:b3du',
  ADMIN_PASSWORD_PEPPER: 'a-pepper-of-our-own',
  LINK_SECRET: 'a-link-secret-of-our-own',
  MANAGE_LINK_SECRET: 'a-manage-link-secret-of-our-own',
};

let address = 0;
function send(path: string, body: unknown, cookie = '', environment: Env = publicEnv, method = 'POST') {
  const init = jsonInit(method, body, { 'CF-Connecting-IP': `198.18.20.${++address % 250}` });
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } }, environment);
}
const get = (path: string, cookie: string, environment: Env = publicEnv) =>
  call(path, { headers: { Cookie: cookie } }, environment);
const cookieOf = (response: Response) =>
  `${SESSION_COOKIE}=${/__Host-spa_admin_session=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1]}`;

async function account(role: 'manager' | 'reception', email: string, pepper = publicEnv.ADMIN_PASSWORD_PEPPER) {
  await db.insert(staffAccounts).values({
    name: `${role} of the test`,
    email,
    role,
    passwordHash: await hashPassword(PASSWORD, pepper),
  });
}

const login = (email: string, environment: Env = publicEnv) =>
  send('/api/auth/login', { username: email, password: PASSWORD }, '', environment);

/** The code the person's authenticator app shows now. */
async function codeFor(email: string): Promise<string> {
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  return generateTOTP(decodeBase64(row?.secret ?? ''), 30, 6);
}

beforeEach(async () => {
  await db.delete(staffPasskeys);
  await db.delete(staffTokens);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
});

describe('a manager on a public site without a second factor', () => {
  it('signs in, but only their own account opens until they add one', async () => {
    await account('manager', 'bisi@second.test');
    const response = await login('bisi@second.test');
    expect(response.status).toBe(200);
    const cookie = cookieOf(response);
    const session = await (await get('/api/auth/session', cookie)).json();
    expect(session).toMatchObject({ authenticated: true, secondFactorSetupRequired: true });
    const bookings = await get('/api/bookings', cookie);
    expect(bookings.status).toBe(403);
    expect(await bookings.json()).toEqual({
      message: secondFactorMessages.setupRequired,
      secondFactorSetupRequired: true,
    });
    expect((await get('/api/auth/passkeys', cookie)).status).toBe(200);
  });

  it('is not asked for one on a local install, and a receptionist never is', async () => {
    await account('manager', 'local@second.test', env.ADMIN_PASSWORD_PEPPER);
    const local = cookieOf(await login('local@second.test', env));
    expect((await get('/api/bookings', local, env)).status).toBe(200);
    await account('reception', 'desk@second.test');
    const desk = cookieOf(await login('desk@second.test'));
    expect((await get('/api/bookings', desk)).status).toBe(200);
  });
});

describe('an authenticator app', () => {
  async function withApp(email: string) {
    await account('manager', email);
    const cookie = cookieOf(await login(email));
    const setup = (await (await send('/api/auth/totp/setup', undefined, cookie)).json()) as {
      secret: string;
      uri: string;
    };
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);
    // The key to type is the URI's, in groups of four.
    expect(new URL(setup.uri).searchParams.get('secret')).toBe(setup.secret.replace(/ /g, ''));
    return { cookie };
  }

  it('is added with a code from it, and then signing in asks for its code', async () => {
    const { cookie } = await withApp('ngozi@second.test');
    const wrong = await send('/api/auth/totp', { code: '000000' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: secondFactorMessages.wrongCode });
    // The pending key waits in KV until a code from the app confirms it (the app's copy of it).
    const pending = await env.SESSIONS.get(
      `totp:pending:${(await db.select().from(staffAccounts).where(eq(staffAccounts.email, 'ngozi@second.test')))[0]?.id}`,
    );
    const code = generateTOTP(decodeBase64(pending ?? ''), 30, 6);
    expect((await send('/api/auth/totp', { code }, cookie)).status).toBe(200);
    expect((await get('/api/bookings', cookie)).status).toBe(200);

    const first = await login('ngozi@second.test');
    expect(first.headers.get('Set-Cookie')).toBeNull();
    const step = (await first.json()) as { data: { secondFactor: string; ticket: string } };
    expect(step.data.secondFactor).toBe('totp');
    const refused = await send('/api/auth/login/totp', { ticket: step.data.ticket, code: '123456' });
    expect(refused.status).toBe(401);
    const signedIn = await send('/api/auth/login/totp', {
      ticket: step.data.ticket,
      code: await codeFor('ngozi@second.test'),
    });
    expect(signedIn.status).toBe(200);
    expect((await get('/api/bookings', cookieOf(signedIn))).status).toBe(200);
    // The ticket is used up.
    const again = await send('/api/auth/login/totp', {
      ticket: step.data.ticket,
      code: await codeFor('ngozi@second.test'),
    });
    expect(await again.json()).toEqual({ message: secondFactorMessages.ticket });
  });

  it('lets a ticket take five wrong codes, then no more', async () => {
    const { cookie } = await withApp('tola@second.test');
    const id = (await db.select().from(staffAccounts).where(eq(staffAccounts.email, 'tola@second.test')))[0]?.id;
    const pending = await env.SESSIONS.get(`totp:pending:${id}`);
    await send('/api/auth/totp', { code: generateTOTP(decodeBase64(pending ?? ''), 30, 6) }, cookie);
    const step = (await (await login('tola@second.test')).json()) as { data: { ticket: string } };
    const right = await codeFor('tola@second.test');
    const wrongCode = right === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await send('/api/auth/login/totp', { ticket: step.data.ticket, code: wrongCode })).status).toBe(401);
    }
    const late = await send('/api/auth/login/totp', { ticket: step.data.ticket, code: right });
    expect(await late.json()).toEqual({ message: secondFactorMessages.ticket });
  });

  it('keeps an emailed reset link from skipping it', async () => {
    const { cookie } = await withApp('femi@second.test');
    const id = (await db.select().from(staffAccounts).where(eq(staffAccounts.email, 'femi@second.test')))[0]?.id ?? '';
    const pending = await env.SESSIONS.get(`totp:pending:${id}`);
    await send('/api/auth/totp', { code: generateTOTP(decodeBase64(pending ?? ''), 30, 6) }, cookie);
    const { issueStaffToken } = await import('../../worker/services/staff-tokens');
    const { token } = await issueStaffToken(db, id, 'password-reset', new Date());
    const reset = await send('/api/auth/password/reset', { token, password: 'three red canoes at dawn' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ data: { signedIn: false } });
    expect(reset.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('passkeys', () => {
  it('refuse a sign-in whose challenge was never issued, and one for a passkey on no account', async () => {
    const clientData = (challenge: string) =>
      btoa(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://studio.test' }))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const answer = (challenge: string) => ({
      response: {
        id: 'bm8tc3VjaC1wYXNza2V5',
        rawId: 'bm8tc3VjaC1wYXNza2V5',
        type: 'public-key',
        response: { clientDataJSON: clientData(challenge), authenticatorData: 'AA', signature: 'AA' },
        clientExtensionResults: {},
      },
    });
    const unissued = await send('/api/auth/passkey-login', answer('never-issued-challenge'), '', env);
    expect(unissued.status).toBe(401);
    expect(await unissued.json()).toEqual({ message: passkeyMessages.expired });
    const options = (await (await send('/api/auth/passkey-login/options', undefined, '', env)).json()) as {
      challenge: string;
      rpId: string;
    };
    expect(options.rpId).toBe('studio.test');
    const unknown = await send('/api/auth/passkey-login', answer(options.challenge), '', env);
    expect(await unknown.json()).toEqual({ message: passkeyMessages.unknown });
    // The challenge was used up by that attempt.
    const reused = await send('/api/auth/passkey-login', answer(options.challenge), '', env);
    expect(await reused.json()).toEqual({ message: passkeyMessages.expired });
  });

  it('count as the second factor: a manager with one signs in with it, not the password alone', async () => {
    await account('manager', 'kemi@second.test');
    const id = (await db.select().from(staffAccounts).where(eq(staffAccounts.email, 'kemi@second.test')))[0]?.id ?? '';
    await db.insert(staffPasskeys).values({ id: 'a-passkey', accountId: id, publicKey: 'AA', name: 'Kemi’s phone' });
    const response = await login('kemi@second.test');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await response.json()).toMatchObject({ data: { secondFactor: 'passkey' } });
  });
});
