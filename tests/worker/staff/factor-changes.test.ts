// Changing a second factor: only by the person who just proved it was them (their password or a
// code within 5 minutes), told by email each time; never undone by an emailed link alone; reset
// by the owner for a member who lost their phone. Deactivating someone ends every way in.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, staffAccounts, staffPasskeys } from '../../../worker/db/schema';
import { sessionKey } from '../../../worker/services/staff/admin-sessions';
import { confirmationMessages } from '../../../worker/services/staff/identity-confirmation';
import { staffPasswordMessages } from '../../../worker/services/staff/staff-passwords';
import { issueStaffToken } from '../../../worker/services/staff/staff-tokens';
import { adminCall, db, signIn } from '../admin-harness';
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
  publicEnv,
  send,
} from './second-factor-harness';

beforeEach(async () => {
  await clearTeamSecurity();
  await db.delete(outboxMessages);
});

/** Makes the session's last proof `minutes` old, as if it had been left open that long. */
async function ageConfirmation(cookie: string, minutes: number) {
  const key = await sessionKey(cookie.split('=')[1] ?? '');
  const stored = await env.SESSIONS.get<{ confirmedAt: string }>(key, 'json');
  expect(stored).not.toBeNull();
  const confirmedAt = new Date(Date.now() - minutes * 60_000).toISOString();
  await env.SESSIONS.put(key, JSON.stringify({ ...stored, confirmedAt }));
}

const noticesTo = (recipient: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, 'security-notice'), eq(outboxMessages.recipient, recipient)));

describe('changing a second factor', () => {
  it('needs the password or a code within the last 5 minutes, else 403 with a prompt', async () => {
    await account('manager', 'ada@factors.test');
    const cookie = cookieOf(await login('ada@factors.test'));
    await ageConfirmation(cookie, 6);
    for (const [path, method] of [
      ['/api/auth/totp/setup', 'POST'],
      ['/api/auth/passkeys/options', 'POST'],
      ['/api/auth/passkeys/some-passkey', 'DELETE'],
      ['/api/auth/totp', 'DELETE'],
    ] as const) {
      const refused = await send(path, undefined, cookie, publicEnv, method);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: confirmationMessages.required, confirmRequired: true });
    }
    const wrong = await send('/api/auth/confirm', { password: 'not my password' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: confirmationMessages.wrongPassword });
    expect((await send('/api/auth/totp/setup', undefined, cookie)).status).toBe(403);
    const empty = await send('/api/auth/confirm', {}, cookie);
    expect(await empty.json()).toEqual({ message: confirmationMessages.nothing });

    expect((await send('/api/auth/confirm', { password: PASSWORD }, cookie)).status).toBe(200);
    expect((await send('/api/auth/totp/setup', undefined, cookie)).status).toBe(200);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'identity-confirm'), eq(auditLog.actorId, await idOf('ada@factors.test'))));
    expect(entry).toBeDefined();
  });

  it('takes a code from the authenticator app as the proof too', async () => {
    const { cookie } = await managerWithApp('bayo@factors.test');
    await ageConfirmation(cookie, 10);
    expect((await send('/api/auth/totp', undefined, cookie, publicEnv, 'DELETE')).status).toBe(403);
    const confirmed = await send('/api/auth/confirm', { code: await codeFor('bayo@factors.test') }, cookie);
    expect(confirmed.status).toBe(200);
    expect((await send('/api/auth/totp', undefined, cookie, publicEnv, 'DELETE')).status).toBe(200);
  });

  it('emails the holder what was added or removed, when and from where', async () => {
    const { id, cookie } = await managerWithApp('chi@factors.test');
    await db.insert(staffPasskeys).values({ id: 'chi-key', accountId: id, publicKey: 'AA', name: 'Chi’s phone' });
    expect((await send('/api/auth/passkeys/chi-key', undefined, cookie, publicEnv, 'DELETE')).status).toBe(200);
    expect((await send('/api/auth/totp', undefined, cookie, publicEnv, 'DELETE')).status).toBe(200);
    const notices = await noticesTo('chi@factors.test');
    expect(notices.map((notice) => notice.subject).sort()).toEqual([
      'A second factor was added to your account',
      'A second factor was removed from your account',
      'A second factor was removed from your account',
    ]);
    const texts = notices.map((notice) => notice.text).join('\n');
    expect(texts).toContain('An authenticator app was added to your account.');
    expect(texts).toContain('The passkey “Chi’s phone” was removed from your account.');
    expect(texts).toContain('The authenticator app was removed from your account.');
    expect(texts).toMatch(/From the address: 198\.18\.20\.\d+/);
    expect(texts).toMatch(/When: .*\(WAT\)/);
  });

  it('is never undone by a password reset from an emailed link', async () => {
    const { id } = await managerWithApp('dayo@factors.test');
    await db.insert(staffPasskeys).values({ id: 'dayo-key', accountId: id, publicKey: 'AA', name: 'Dayo’s key' });
    const { token } = await issueStaffToken(db, id, 'password-reset', new Date());
    const reset = await send('/api/auth/password/reset', { token, password: 'three red canoes at dawn' });
    expect(reset.status).toBe(200);
    const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(await db.select().from(staffPasskeys).where(eq(staffPasskeys.accountId, id))).toHaveLength(1);
    // The new password still leads to the code, not to a session.
    const step = await send('/api/auth/login', { username: 'dayo@factors.test', password: 'three red canoes at dawn' });
    expect(await step.json()).toMatchObject({ data: { secondFactor: 'totp' } });
  });
});

describe('the owner’s Reset second factor', () => {
  it('removes a member’s passkeys and app, ends their sessions, emails them, and is audited', async () => {
    const { id, cookie } = await managerWithApp('eno@factors.test');
    await db.insert(staffPasskeys).values({ id: 'eno-key', accountId: id, publicKey: 'AA', name: 'Eno’s phone' });
    const owner = await signIn();
    const team = (await (await adminCall(owner, '/api/team')).json()) as Array<{ _id: string; secondFactor: boolean }>;
    expect(team.find((member) => member._id === id)?.secondFactor).toBe(true);

    const reset = await adminCall(owner, `/api/team/${id}/second-factor/reset`, 'POST');
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ _id: id, secondFactor: false });
    const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
    expect(row?.totpSecret).toBeNull();
    expect(await db.select().from(staffPasskeys).where(eq(staffPasskeys.accountId, id))).toEqual([]);
    expect((await get('/api/auth/session', cookie)).status).toBe(200);
    expect(await (await get('/api/auth/session', cookie)).json()).toEqual({ authenticated: false });
    const subjects = (await noticesTo('eno@factors.test')).map((notice) => notice.subject);
    expect(subjects).toContain('Your second factors were reset');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team-second-factor-reset'), eq(auditLog.target, id)));
    expect(entry?.actorId).toBe('owner');
    // The member signs in with their password again, and must add a factor before anything opens.
    const again = cookieOf(await login('eno@factors.test'));
    expect(await (await get('/api/auth/session', again)).json()).toMatchObject({ secondFactorSetupRequired: true });
  });

  it('is the owner’s alone, and answers 404 for no such person', async () => {
    const { cookie } = await managerWithApp('femi@factors.test');
    const other = await managerWithApp('gbemi@factors.test');
    const refused = await send(`/api/team/${other.id}/second-factor/reset`, undefined, cookie);
    expect(refused.status).toBe(403);
    expect(await db.select().from(staffPasskeys)).toEqual([]);
    const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, other.id));
    expect(row?.totpSecret).not.toBeNull();
    const owner = await signIn();
    expect((await adminCall(owner, '/api/team/nobody/second-factor/reset', 'POST')).status).toBe(404);
  });
});

describe('deactivating a member', () => {
  it('ends every session and link for good: reactivated, they start with none alive', async () => {
    await account('reception', 'hauwa@factors.test', env.ADMIN_PASSWORD_PEPPER);
    const id = await idOf('hauwa@factors.test');
    const session = cookieOf(await login('hauwa@factors.test', env));
    expect((await get('/api/bookings', session, env)).status).toBe(200);
    const { token } = await issueStaffToken(db, id, 'password-reset', new Date());
    const owner = await signIn();
    expect((await adminCall(owner, `/api/team/${id}`, 'PUT', { active: false })).status).toBe(200);
    expect((await adminCall(owner, `/api/team/${id}`, 'PUT', { active: true })).status).toBe(200);
    expect((await get('/api/bookings', session, env)).status).toBe(401);
    const reset = await send('/api/auth/password/reset', { token, password: 'three red canoes at dawn' }, '', env);
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ message: staffPasswordMessages.resetLink });
    // A new sign-in works as ever.
    expect((await login('hauwa@factors.test', env)).status).toBe(200);
  });
});
