// The team: the owner invites a person by email, who chooses a password from the one-time link;
// roles change and people are deactivated, and the studio always keeps an owner; passwords are
// changed, forgotten and reset, and every change ends the person's other sessions.
import { env } from 'cloudflare:workers';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages, staffAccounts, staffTokens } from '../../../worker/db/schema';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { teamRouteMessages } from '../../../worker/routes/staff/team-accounts';
import { passwordMessages } from '../../../worker/services/staff/password-rules';
import { staffPasswordMessages } from '../../../worker/services/staff/staff-passwords';
import { teamAccountMessages } from '../../../worker/services/staff/team-accounts';
import { call, db, jsonInit, LOCAL_PASSWORD, login, sessionIdFrom, signIn } from '../admin-harness';

const GOOD_PASSWORD = 'mango tree by the lagoon';
const OTHER_PASSWORD = 'three red canoes at dawn';

let address = 0;
/** A JSON POST or PUT from the site's own page, from an address of its own (the form limiter counts per address). */
function send(path: string, body: unknown, cookie = '', method = 'POST') {
  const init = jsonInit(method, body, { 'CF-Connecting-IP': `198.18.${Math.floor(++address / 250)}.${address % 250}` });
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
}

const get = (path: string, cookie: string) => call(path, { headers: { Cookie: cookie } });
const cookieFrom = (response: Response) => `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
const signedInAs = async (cookie: string) =>
  ((await (await get('/api/auth/session', cookie)).json()) as { user?: { email: string | null } }).user?.email ?? null;

/** The token in the newest email of `template` to `to`. */
async function tokenSentTo(to: string, template: 'team-invitation' | 'password-reset'): Promise<string> {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.recipient} = ${to} and ${outboxMessages.template} = ${template}`)
    .orderBy(desc(outboxMessages.createdAt), desc(sql`rowid`));
  const token = /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`no ${template} link sent to ${to}`);
  expect(message?.html).toContain(`token=${token}`);
  return token;
}

const accountOf = async (email: string) =>
  (await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)))[0];

let owner = '';
beforeEach(async () => {
  await db.delete(staffTokens);
  await db.delete(outboxMessages);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
  await db
    .update(staffAccounts)
    .set({ role: 'owner', active: true, passwordHash: null, sessionsValidAfter: null })
    .where(eq(staffAccounts.id, 'owner'));
  owner = await signIn();
});

/** Invites `email` as `role` and has them choose `password`; their session's Cookie header. */
async function joinTeam(email: string, role: string, password = GOOD_PASSWORD): Promise<string> {
  expect((await send('/api/team', { name: 'Amaka Eze', email, role }, owner)).status).toBe(201);
  const accepted = await send('/api/auth/invitations/accept', {
    token: await tokenSentTo(email, 'team-invitation'),
    password,
  });
  expect(accepted.status).toBe(200);
  return cookieFrom(accepted);
}

describe('inviting a person', () => {
  it('adds them as invited, emails a one-time link and keeps only its hash', async () => {
    const response = await send(
      '/api/team',
      { name: 'Amaka Eze', email: ' Amaka@Studio.TEST ', role: 'reception' },
      owner,
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      name: 'Amaka Eze',
      email: 'amaka@studio.test',
      role: 'reception',
      active: true,
      status: 'invited',
      builtIn: false,
      invitationExpiresAt: expect.any(String),
    });
    const token = await tokenSentTo('amaka@studio.test', 'team-invitation');
    const [stored] = await db.select().from(staffTokens);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await db.select().from(staffTokens))).not.toContain(token);
    // Valid 72 hours.
    const hours = (Date.parse(stored?.expiresAt ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const team = (await (await get('/api/team', owner)).json()) as Array<{ email: string | null; status: string }>;
    expect(team.map((member) => [member.email, member.status])).toEqual([
      [null, 'active'],
      ['amaka@studio.test', 'invited'],
    ]);
  });

  it('shows invitation links on the Messages screen to owners only, and reset links to no one', async () => {
    const manager = await joinTeam('bisi@studio.test', 'manager');
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    await send('/api/auth/password/forgot', { email: 'bisi@studio.test' });
    const invitation = await tokenSentTo('amaka@studio.test', 'team-invitation');
    const reset = await tokenSentTo('bisi@studio.test', 'password-reset');
    const rows = await db.select().from(outboxMessages);
    const idOf = (recipient: string, template: string) =>
      rows.find((row) => row.recipient === recipient && row.template === template)?.id;
    const shown = async (cookie: string, id: string | undefined) =>
      (await (await get(`/api/messages/${id}`, cookie)).text()) +
      (await (await get(`/api/messages/${id}/preview`, cookie)).text());
    const invitationId = idOf('amaka@studio.test', 'team-invitation');
    const resetId = idOf('bisi@studio.test', 'password-reset');
    expect(await shown(owner, invitationId)).toContain(invitation);
    expect(await shown(manager, invitationId)).not.toContain(invitation);
    expect(await shown(manager, invitationId)).toContain('token=(hidden)');
    for (const cookie of [owner, manager]) {
      expect(await shown(cookie, resetId)).not.toContain(reset);
      expect(await shown(cookie, resetId)).toContain('token=(hidden)');
    }
  });

  it.each([
    [
      'a taken email',
      { name: 'Again', email: 'amaka@studio.test', role: 'manager' },
      409,
      teamAccountMessages.emailTaken,
    ],
    ['no name', { name: ' ', email: 'new@studio.test', role: 'manager' }, 400, teamRouteMessages.name],
    ['an unknown role', { name: 'New', email: 'new@studio.test', role: 'admin' }, 400, teamRouteMessages.role],
    [
      'a therapist without their schedule',
      { name: 'New', email: 'new@studio.test', role: 'therapist' },
      400,
      teamAccountMessages.therapistRequired,
    ],
    [
      'an unknown therapist',
      { name: 'New', email: 'new@studio.test', role: 'therapist', therapistId: 'nobody' },
      400,
      teamAccountMessages.therapistNotFound,
    ],
    [
      'a schedule for a receptionist',
      { name: 'New', email: 'new@studio.test', role: 'reception', therapistId: 'therapist-1' },
      400,
      teamAccountMessages.therapistOnlyForTherapists,
    ],
  ])('refuses %s with a message, adding no one', async (_, body, status, message) => {
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    const before = await db.select().from(staffAccounts);
    const response = await send('/api/team', body, owner);
    expect(response.status).toBe(status);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(await db.select().from(staffAccounts)).toEqual(before);
  });

  it('links a therapist to their place on the schedule, once', async () => {
    const first = await send(
      '/api/team',
      { name: 'Bola', email: 'bola@studio.test', role: 'therapist', therapistId: 'therapist-1' },
      owner,
    );
    expect(await first.json()).toMatchObject({ therapist: { _id: 'therapist-1', name: 'Therapist 1' } });
    const again = await send(
      '/api/team',
      { name: 'Tola', email: 'tola@studio.test', role: 'therapist', therapistId: 'therapist-1' },
      owner,
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: teamAccountMessages.therapistTaken });
  });
});

describe('accepting an invitation', () => {
  it('sets the password, signs the person in, and they sign in with their email from then on', async () => {
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    const token = await tokenSentTo('amaka@studio.test', 'team-invitation');
    const response = await send('/api/auth/invitations/accept', { token, password: GOOD_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: {
        user: { _id: expect.any(String), name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' },
        signedIn: true,
      },
    });
    expect(await signedInAs(cookieFrom(response))).toBe('amaka@studio.test');
    expect((await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.1')).status).toBe(200);
    const team = (await (await get('/api/team', owner)).json()) as Array<{ status: string }>;
    expect(team[1]?.status).toBe('active');
  });

  it.each([
    ['shorter than 12 characters', 'short pass', passwordMessages.tooShort],
    ['one of the most common', 'password1234', passwordMessages.common],
    ['a common one with digits around it', '2026iloveyou!!', passwordMessages.common],
    ['one character repeated', 'aaaaaaaaaaaaaaaa', passwordMessages.repetitive],
    ['their own email', 'amaka@studio.test', passwordMessages.personal],
  ])('refuses a password %s with a message, and the link still works', async (_, password, message) => {
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    const token = await tokenSentTo('amaka@studio.test', 'team-invitation');
    const response = await send('/api/auth/invitations/accept', { token, password });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect((await accountOf('amaka@studio.test'))?.passwordHash).toBeNull();
    expect((await send('/api/auth/invitations/accept', { token, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('refuses a link used twice, altered, expired, replaced or for a person deactivated since, changing nothing', async () => {
    const refused = async (token: string) => {
      const before = await db.select().from(staffAccounts);
      const response = await send('/api/auth/invitations/accept', { token, password: OTHER_PASSWORD });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: staffPasswordMessages.invitationLink });
      expect(response.headers.get('Set-Cookie')).toBeNull();
      expect(await db.select().from(staffAccounts)).toEqual(before);
    };
    // Used twice.
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    const used = await tokenSentTo('amaka@studio.test', 'team-invitation');
    expect((await send('/api/auth/invitations/accept', { token: used, password: GOOD_PASSWORD })).status).toBe(200);
    await refused(used);
    expect((await login('amaka@studio.test', OTHER_PASSWORD, '198.19.0.2')).status).toBe(401);
    // Altered: one character changed, or not a token at all.
    await send('/api/team', { name: 'Bisi', email: 'bisi@studio.test', role: 'manager' }, owner);
    const token = await tokenSentTo('bisi@studio.test', 'team-invitation');
    await refused(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    await refused('not-a-token');
    // Expired.
    await db.update(staffTokens).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await refused(token);
    // Replaced by a resent invitation: the earlier link, still within its time, no longer works.
    await send('/api/team', { name: 'Chidi Okafor', email: 'chidi@studio.test', role: 'reception' }, owner);
    const first = await tokenSentTo('chidi@studio.test', 'team-invitation');
    const chidi = await accountOf('chidi@studio.test');
    expect((await send(`/api/team/${chidi?.id}/invitation`, {}, owner)).status).toBe(200);
    const newest = await tokenSentTo('chidi@studio.test', 'team-invitation');
    expect(newest).not.toBe(first);
    await refused(first);
    // Deactivated since: even the newest link.
    expect((await send(`/api/team/${chidi?.id}`, { active: false }, owner, 'PUT')).status).toBe(200);
    await refused(newest);
  });

  it('takes the link once when two tabs send it at once', async () => {
    await send('/api/team', { name: 'Amaka Eze', email: 'amaka@studio.test', role: 'reception' }, owner);
    const token = await tokenSentTo('amaka@studio.test', 'team-invitation');
    const answers = await Promise.all(
      [GOOD_PASSWORD, OTHER_PASSWORD].map((password) => send('/api/auth/invitations/accept', { token, password })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });
});

describe('changing a role or deactivating', () => {
  it('changes the role at once, and deactivation ends the person’s sessions', async () => {
    const cookie = await joinTeam('amaka@studio.test', 'reception');
    const amaka = await accountOf('amaka@studio.test');
    expect((await get('/api/stats', cookie)).status).toBe(403);
    const promoted = await send(`/api/team/${amaka?.id}`, { role: 'manager' }, owner, 'PUT');
    expect(await promoted.json()).toMatchObject({ role: 'manager', status: 'active' });
    expect((await get('/api/stats', cookie)).status).toBe(200);
    expect((await send(`/api/team/${amaka?.id}`, { active: false }, owner, 'PUT')).status).toBe(200);
    expect((await get('/api/bookings', cookie)).status).toBe(401);
    expect((await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.3')).status).toBe(401);
  });

  it('never leaves the studio without an active owner', async () => {
    for (const change of [{ role: 'manager' }, { active: false }]) {
      const response = await send('/api/team/owner', change, owner, 'PUT');
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: teamAccountMessages.lastOwner });
    }
    await joinTeam('ngozi@studio.test', 'owner');
    // With a second owner, the built-in one can step down (and the install's password stops working).
    expect((await send('/api/team/owner', { active: false }, owner, 'PUT')).status).toBe(200);
    expect((await login('admin', LOCAL_PASSWORD, '198.19.0.4')).status).toBe(401);
  });

  it('answers 400 for no change and 404 for someone not on the team', async () => {
    const empty = await send('/api/team/owner', {}, owner, 'PUT');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(teamRouteMessages.change);
    expect((await send('/api/team/nobody', { role: 'manager' }, owner, 'PUT')).status).toBe(404);
  });
});

describe('forgetting a password', () => {
  it('answers the same for a known and an unknown email, and emails only the team member', async () => {
    await joinTeam('amaka@studio.test', 'reception');
    const answers = [];
    for (const email of ['amaka@studio.test', 'nobody@studio.test']) {
      const response = await send('/api/auth/password/forgot', { email });
      answers.push({
        status: response.status,
        body: await response.json(),
        cookie: response.headers.get('Set-Cookie'),
      });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: { success: true, message: staffPasswordMessages.forgotSent },
      cookie: null,
    });
    expect(answers[1]).toEqual(answers[0]);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'password-reset'));
    expect(sent.map((message) => message.recipient)).toEqual(['amaka@studio.test']);
  });

  it('resets by the link (1 hour, once), ending every other session of the person', async () => {
    const first = await joinTeam('amaka@studio.test', 'reception');
    const second = cookieFrom(await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.5'));
    await send('/api/auth/password/forgot', { email: 'AMAKA@studio.test' });
    const token = await tokenSentTo('amaka@studio.test', 'password-reset');
    const [link] = await db.select().from(staffTokens).where(eq(staffTokens.purpose, 'password-reset'));
    expect((Date.parse(link?.expiresAt ?? '') - Date.now()) / 60_000).toBeGreaterThan(59.9);
    const weak = await send('/api/auth/password/reset', { token, password: 'qwertyuiop123' });
    expect(weak.status).toBe(400);
    const reset = await send('/api/auth/password/reset', { token, password: OTHER_PASSWORD });
    expect(reset.status).toBe(200);
    expect(await signedInAs(cookieFrom(reset))).toBe('amaka@studio.test');
    for (const cookie of [first, second]) expect((await get('/api/bookings', cookie)).status).toBe(401);
    expect((await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.6')).status).toBe(401);
    expect((await login('amaka@studio.test', OTHER_PASSWORD, '198.19.0.7')).status).toBe(200);
    const again = await send('/api/auth/password/reset', { token, password: 'four green kites on sunday' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: staffPasswordMessages.resetLink });
  });

  it('refuses a reset link that expired or whose person was deactivated, and an invitation used as one', async () => {
    await joinTeam('amaka@studio.test', 'reception');
    await send('/api/auth/password/forgot', { email: 'amaka@studio.test' });
    const token = await tokenSentTo('amaka@studio.test', 'password-reset');
    await db.update(staffTokens).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await send('/api/auth/password/reset', { token, password: OTHER_PASSWORD })).status).toBe(400);
    await send('/api/auth/password/forgot', { email: 'amaka@studio.test' });
    const fresh = await tokenSentTo('amaka@studio.test', 'password-reset');
    await db.update(staffAccounts).set({ active: false }).where(eq(staffAccounts.email, 'amaka@studio.test'));
    expect((await send('/api/auth/password/reset', { token: fresh, password: OTHER_PASSWORD })).status).toBe(400);
    await send('/api/team', { name: 'Bisi', email: 'bisi@studio.test', role: 'manager' }, owner);
    const invitation = await tokenSentTo('bisi@studio.test', 'team-invitation');
    expect((await send('/api/auth/password/reset', { token: invitation, password: OTHER_PASSWORD })).status).toBe(400);
    expect((await accountOf('bisi@studio.test'))?.passwordHash).toBeNull();
  });
});

describe('changing a password when signed in', () => {
  it('needs the current password, follows the rules, and ends the person’s other sessions', async () => {
    const cookie = await joinTeam('amaka@studio.test', 'reception');
    const other = cookieFrom(await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.8'));
    const wrong = await send('/api/auth/password', { current: OTHER_PASSWORD, password: OTHER_PASSWORD }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ message: staffPasswordMessages.currentWrong });
    const weak = await send('/api/auth/password', { current: GOOD_PASSWORD, password: 'letmein12345' }, cookie);
    expect(await weak.json()).toEqual({ message: passwordMessages.common });
    const same = await send('/api/auth/password', { current: GOOD_PASSWORD, password: GOOD_PASSWORD }, cookie);
    expect(await same.json()).toEqual({ message: staffPasswordMessages.samePassword });
    const changed = await send('/api/auth/password', { current: GOOD_PASSWORD, password: OTHER_PASSWORD }, cookie);
    expect(changed.status).toBe(200);
    expect(await signedInAs(cookieFrom(changed))).toBe('amaka@studio.test');
    for (const old of [cookie, other]) expect((await get('/api/bookings', old)).status).toBe(401);
    expect((await login('amaka@studio.test', OTHER_PASSWORD, '198.19.0.9')).status).toBe(200);
  });

  it('removes the person’s unused reset links: one asked for earlier cannot undo the change', async () => {
    const cookie = await joinTeam('amaka@studio.test', 'reception');
    await send('/api/auth/password/forgot', { email: 'amaka@studio.test' });
    const token = await tokenSentTo('amaka@studio.test', 'password-reset');
    const changed = await send('/api/auth/password', { current: GOOD_PASSWORD, password: OTHER_PASSWORD }, cookie);
    expect(changed.status).toBe(200);
    expect(await db.select().from(staffTokens).where(eq(staffTokens.purpose, 'password-reset'))).toEqual([]);
    const reset = await send('/api/auth/password/reset', { token, password: 'four green kites on sunday' });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ message: staffPasswordMessages.resetLink });
    expect((await login('amaka@studio.test', OTHER_PASSWORD, '198.19.0.14')).status).toBe(200);
  });

  it('gives the built-in owner a password of their own in place of the install’s', async () => {
    const changed = await send('/api/auth/password', { current: LOCAL_PASSWORD, password: GOOD_PASSWORD }, owner);
    expect(changed.status).toBe(200);
    expect((await login('admin', LOCAL_PASSWORD, '198.19.0.10')).status).toBe(401);
    expect((await login('admin', GOOD_PASSWORD, '198.19.0.11')).status).toBe(200);
  });

  it('needs a session', async () => {
    const response = await send('/api/auth/password', { current: LOCAL_PASSWORD, password: GOOD_PASSWORD });
    expect(response.status).toBe(401);
  });
});

describe('signing out of all devices', () => {
  it('ends every session of the person, and only theirs', async () => {
    const amaka = await joinTeam('amaka@studio.test', 'reception');
    const other = cookieFrom(await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.12'));
    const response = await send('/api/auth/sign-out-everywhere', undefined, amaka);
    expect(response.status).toBe(200);
    for (const cookie of [amaka, other]) expect((await get('/api/bookings', cookie)).status).toBe(401);
    expect((await get('/api/bookings', owner)).status).toBe(200);
    expect((await login('amaka@studio.test', GOOD_PASSWORD, '198.19.0.13')).status).toBe(200);
  });
});

it('sends invitation and reset emails through the outbox with the link in their text', async () => {
  await joinTeam('amaka@studio.test', 'reception');
  await send('/api/auth/password/forgot', { email: 'amaka@studio.test' });
  const templates = (await db.select().from(outboxMessages)).map((message) => message.template).sort();
  expect(templates).toEqual(['password-reset', 'team-invitation']);
  const [reset] = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'password-reset'));
  expect(reset?.text).toContain(`${env.SITE_URL.replace(/\/$/, '')}/admin/reset-password?token=`);
  const [invitation] = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'team-invitation'));
  expect(invitation?.text).toContain(`${env.SITE_URL.replace(/\/$/, '')}/admin/welcome?token=`);
});
