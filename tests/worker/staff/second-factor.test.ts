// The second factor: on a public site, owners and managers sign in with an authenticator app's
// code after their password (or with a passkey); until they add one, their session opens nothing
// but their own account. Locally (the tests' and npm start's SITE_URL) the password alone works.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, outboxMessages, staffAccounts, staffPasskeys } from '../../../worker/db/schema';
import { runScheduledTasks, scheduledTasks } from '../../../worker/services/jobs/scheduled';
import { MAX_ACCOUNT_PASSWORD_CHECKS } from '../../../worker/services/staff/login-throttle';
import { passkeyMessages } from '../../../worker/services/staff/passkeys';
import { openTotpKey, secondFactorMessages } from '../../../worker/services/staff/second-factor';
import { call, db, jsonInit } from '../admin-harness';
import {
  account,
  clearTeamSecurity,
  codeFor,
  cookieOf,
  get,
  idOf,
  login,
  managerWithApp,
  PASSWORD,
  pendingCode,
  publicEnv,
  send,
  ticketOf,
} from './second-factor-harness';
import { newTestPasskey } from './test-authenticator';

beforeEach(clearTeamSecurity);

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
    // The pending key waits sealed in D1 until a code from the app confirms it (the app's copy of it).
    const code = await pendingCode(await idOf('ngozi@second.test'));
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
    await send('/api/auth/totp', { code: await pendingCode(await idOf('tola@second.test')) }, cookie);
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
    const id = await idOf('femi@second.test');
    await send('/api/auth/totp', { code: await pendingCode(id) }, cookie);
    const { issueStaffToken } = await import('../../../worker/services/staff/staff-tokens');
    const { token } = await issueStaffToken(db, id, 'password-reset', new Date());
    const reset = await send('/api/auth/password/reset', { token, password: 'three red canoes at dawn' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ data: { signedIn: false } });
    expect(reset.headers.get('Set-Cookie')).toBeNull();
  });
});

const failuresOf = async (key: string) =>
  (await db.select().from(loginFailures).where(eq(loginFailures.key, key)))[0]?.failures ?? 0;
const wrongCodeFor = (right: string) => (right === '111111' ? '222222' : '111111');

describe('guessing the authenticator code', () => {
  it('keeps the app’s key sealed, never as the app shows it', async () => {
    const { id } = await managerWithApp('sealed@second.test');
    const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    const key = await openTotpKey(publicEnv.ADMIN_PASSWORD_PEPPER, id, row?.totpSecret ?? '');
    expect(key?.length).toBe(20);
    // Neither another account nor another pepper opens it.
    expect(await openTotpKey(publicEnv.ADMIN_PASSWORD_PEPPER, 'someone-else', row?.totpSecret ?? '')).toBeNull();
    expect(await openTotpKey('another-pepper', id, row?.totpSecret ?? '')).toBeNull();
    const plain = btoa(String.fromCharCode(...(key ?? [])));
    expect(row?.totpSecret).not.toContain(plain);

    // A key stored as is (before sealing) is sealed by the cron, and still gives the same codes.
    await db.update(staffAccounts).set({ totpSecret: plain }).where(eq(staffAccounts.id, id));
    const sealing = scheduledTasks.filter((task) => task.name === 'sealTotpKeys');
    expect(sealing).toHaveLength(1);
    await runScheduledTasks(publicEnv, new Date(), sealing);
    const [resealed] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(resealed?.totpSecret).toMatch(/^v1\./);
    expect(await openTotpKey(publicEnv.ADMIN_PASSWORD_PEPPER, id, resealed?.totpSecret ?? '')).toEqual(key);
  });

  it('checks at most 5 of 20 wrong codes sent at once on one ticket', async () => {
    const { id } = await managerWithApp('burst@second.test');
    const ticket = await ticketOf(await login('burst@second.test'));
    const wrong = wrongCodeFor(await codeFor('burst@second.test'));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('/api/auth/login/totp', { ticket, code: wrong })),
    );
    const messages = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { message: string }).message),
    );
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    expect(messages.filter((message) => message === secondFactorMessages.wrongCode)).toHaveLength(5);
    expect(messages.filter((message) => message === secondFactorMessages.ticket)).toHaveLength(15);
    expect(await failuresOf(`second-factor:${id}`)).toBe(5);
  });

  it('pauses the account’s code step after 10 wrong codes, whatever the network and password, and tells the holder and the owners', async () => {
    await db.insert(staffAccounts).values({ name: 'Owner Two', email: 'owner2@second.test', role: 'owner' });
    const { id } = await managerWithApp('target@second.test');
    for (let ticketNumber = 0; ticketNumber < 2; ticketNumber++) {
      const ticket = await ticketOf(await login('target@second.test'));
      const wrong = wrongCodeFor(await codeFor('target@second.test'));
      for (let attempt = 0; attempt < 5; attempt++) {
        const refused = await send('/api/auth/login/totp', { ticket, code: wrong });
        expect(refused.status).toBe(401);
      }
    }
    // A new ticket from a new network, the right password and the right code: still paused.
    const ticket = await ticketOf(await login('target@second.test'));
    const paused = await send('/api/auth/login/totp', { ticket, code: await codeFor('target@second.test') });
    expect(paused.status).toBe(429);
    expect(Number(paused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await paused.json()).toEqual({ message: secondFactorMessages.accountLocked });

    const notices = (
      await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'security-notice'))
    ).filter((notice) => notice.subject.startsWith('Wrong authenticator codes'));
    expect(notices.map((notice) => notice.recipient).sort()).toEqual(['owner2@second.test', 'target@second.test']);
    expect(notices.find((notice) => notice.recipient === 'owner2@second.test')?.text).toContain(
      '10 wrong authenticator codes',
    );

    // Each refused code's audit entry names the account it was for.
    const refusals = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign-in-failed'), eq(auditLog.target, id)));
    expect(refusals.length).toBe(11);
    expect(refusals.every((entry) => entry.details.account === 'manager of the test')).toBe(true);
    expect(refusals.filter((entry) => entry.details.locked === true)).toHaveLength(1);
  });

  it('accepts a code once: the same code again, or twice at once, signs in once', async () => {
    await managerWithApp('once@second.test');
    const code = await codeFor('once@second.test');
    const first = await send('/api/auth/login/totp', { ticket: await ticketOf(await login('once@second.test')), code });
    expect(first.status).toBe(200);
    const replayed = await send('/api/auth/login/totp', {
      ticket: await ticketOf(await login('once@second.test')),
      code,
    });
    expect(replayed.status).toBe(401);
    expect(await replayed.json()).toEqual({ message: secondFactorMessages.wrongCode });

    // Another account (the first's next code is beyond the minute's grace): one code, two tickets at once.
    await managerWithApp('twice@second.test');
    const next = await codeFor('twice@second.test');
    const tickets = await Promise.all(
      [login('twice@second.test'), login('twice@second.test')].map(async (r) => ticketOf(await r)),
    );
    const racing = await Promise.all(tickets.map((ticket) => send('/api/auth/login/totp', { ticket, code: next })));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });

  it('clears no failure count for a right password until its second step succeeds', async () => {
    await managerWithApp('counts@second.test');
    const network = '198.18.99.1';
    const fromNetwork = (password: string) =>
      call(
        '/api/auth/login',
        jsonInit('POST', { username: 'counts@second.test', password }, { 'CF-Connecting-IP': network }),
        publicEnv,
      );
    for (let attempt = 0; attempt < 3; attempt++) expect((await fromNetwork('not the password')).status).toBe(401);
    const ticket = await ticketOf(await fromNetwork(PASSWORD));
    expect(await failuresOf(`network:${network}`)).toBe(4);
    expect(await failuresOf('username:counts@second.test')).toBe(4);
    const signedIn = await send('/api/auth/login/totp', { ticket, code: await codeFor('counts@second.test') });
    expect(signedIn.status).toBe(200);
    expect(await failuresOf(`network:${network}`)).toBe(0);
    expect(await failuresOf('username:counts@second.test')).toBe(0);
  });

  it('lets the right password and code through a username locked by guesses from many networks', async () => {
    const { id } = await managerWithApp('sieged@second.test');
    await account('reception', 'sieged-desk@second.test');
    for (const username of ['sieged@second.test', 'sieged-desk@second.test']) {
      for (let attempt = 0; attempt < 20; attempt++) {
        expect((await send('/api/auth/login', { username, password: `guess ${attempt}` })).status).toBe(401);
      }
      const locked = await send('/api/auth/login', { username, password: 'guess 21' });
      expect(locked.status).toBe(429);
    }
    // The holder, from their own network: the password alone is not a session, the code is.
    const step = await login('sieged@second.test');
    expect(step.status).toBe(200);
    expect(step.headers.get('Set-Cookie')).toBeNull();
    const signedIn = await send('/api/auth/login/totp', {
      ticket: await ticketOf(step),
      code: await codeFor('sieged@second.test'),
    });
    expect(signedIn.status).toBe(200);
    expect((await get('/api/bookings', cookieOf(signedIn))).status).toBe(200);
    expect(id).not.toBe('');
    // An account with no second factor stays locked: its password alone would be the guessers' prize.
    expect((await login('sieged-desk@second.test')).status).toBe(429);
  });

  it('checks an account’s password at most MAX_ACCOUNT_PASSWORD_CHECKS times a window, locked username or not', async () => {
    await managerWithApp('besieged@second.test');
    for (let attempt = 0; attempt < MAX_ACCOUNT_PASSWORD_CHECKS; attempt++) {
      const guess = await send('/api/auth/login', { username: 'besieged@second.test', password: `guess ${attempt}` });
      expect(guess.status).toBe(attempt < 20 ? 401 : 429);
    }
    // Past the account's cap, the right password answers as the lock does: the guessers learn nothing.
    const right = await login('besieged@second.test');
    expect(right.status).toBe(429);
    expect(await right.json()).not.toHaveProperty('data');
  });
});

describe('passkeys', () => {
  it('refuse a sign-in whose challenge was never issued, and one for a passkey on no account', async () => {
    const clientData = (challenge: string) =>
      btoa(JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://localhost' }))
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
    expect(options.rpId).toBe('localhost');
    const unknown = await send('/api/auth/passkey-login', answer(options.challenge), '', env);
    expect(await unknown.json()).toEqual({ message: passkeyMessages.unknown });
    // The challenge was used up by that attempt.
    const reused = await send('/api/auth/passkey-login', answer(options.challenge), '', env);
    expect(await reused.json()).toEqual({ message: passkeyMessages.expired });

    // The same challenge sent twice at once is taken once.
    const fresh = (await (await send('/api/auth/passkey-login/options', undefined, '', env)).json()) as {
      challenge: string;
    };
    const racing = await Promise.all(
      [1, 2].map(async () => (await send('/api/auth/passkey-login', answer(fresh.challenge), '', env)).json()),
    );
    expect(racing).toEqual(
      expect.arrayContaining([{ message: passkeyMessages.unknown }, { message: passkeyMessages.expired }]),
    );
  });

  it('count as the second factor: a manager with one signs in with it, not the password alone', async () => {
    await account('manager', 'kemi@second.test');
    const id = (await db.select().from(staffAccounts).where(eq(staffAccounts.email, 'kemi@second.test')))[0]?.id ?? '';
    const phone = await newTestPasskey();
    await db
      .insert(staffPasskeys)
      .values({ id: phone.id, accountId: id, publicKey: phone.publicKey, name: 'Kemi’s phone' });
    const response = await login('kemi@second.test');
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(await response.json()).toMatchObject({ data: { secondFactor: 'passkey' } });

    // The phone signs the site's challenge: Kemi is signed in, and the key's counter moves on.
    const options = (await (await send('/api/auth/passkey-login/options', {})).json()) as { challenge: string };
    const answer = await phone.sign(options.challenge, 'https://localhost');
    const signedIn = await send('/api/auth/passkey-login', { response: answer });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ success: true, data: { user: { email: 'kemi@second.test' } } });
    const session = await get('/api/auth/session', cookieOf(signedIn));
    expect(await session.json()).toEqual({
      authenticated: true,
      user: { _id: id, name: 'manager of the test', email: 'kemi@second.test', role: 'manager' },
    });
    expect((await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, phone.id)))[0]?.counter).toBe(1);
    // The same answer again (its challenge used), or one signed by another key, signs no one in.
    expect((await send('/api/auth/passkey-login', { response: answer })).status).toBe(401);
    const options2 = (await (await send('/api/auth/passkey-login/options', {})).json()) as { challenge: string };
    // Another key, its counter ahead of the phone's (so only the signature can refuse it).
    const other = await newTestPasskey();
    await other.sign('warm-up', 'https://localhost');
    const forged = await other.sign(options2.challenge, 'https://localhost');
    const refused = await send('/api/auth/passkey-login', { response: { ...forged, id: phone.id, rawId: phone.id } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: passkeyMessages.notVerified });
  });
});
