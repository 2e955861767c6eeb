// What the second-factor tests share: a public install (where owners and managers must have a
// second factor), members made straight in D1, their authenticator apps' codes (the sealed key
// opened as the app holds it), and calls from a new network each time.
import { env } from 'cloudflare:workers';
import { generateHOTP } from '@oslojs/otp';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { authChallenges, loginFailures, staffAccounts, staffPasskeys, staffTokens } from '../../../worker/db/schema';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { hashPassword } from '../../../worker/services/staff/password';
import { openTotpKey } from '../../../worker/services/staff/second-factor';
import { call, db, jsonInit } from '../admin-harness';

export const PASSWORD = 'a long team password 2026';
export const publicEnv = {
  ...env,
  SITE_URL: 'https://studio.example.ng',
  ADMIN_PASSWORD_HASH: 'pbkdf2-sha256:100000:b3du:b3du',
  ADMIN_PASSWORD_PEPPER: 'a-pepper-of-our-own',
  LINK_SECRET: 'a-link-secret-of-our-own',
  MANAGE_LINK_SECRET: 'a-manage-link-secret-of-our-own',
};

let address = 0;
export function send(path: string, body: unknown, cookie = '', environment: Env = publicEnv, method = 'POST') {
  const init = jsonInit(method, body, { 'CF-Connecting-IP': `198.18.20.${++address % 250}` });
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } }, environment);
}
export const get = (path: string, cookie: string, environment: Env = publicEnv) =>
  call(path, { headers: { Cookie: cookie } }, environment);
export const cookieOf = (response: Response) =>
  `${SESSION_COOKIE}=${/__Host-spa_admin_session=([^;]+)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1]}`;

export async function account(
  role: 'owner' | 'manager' | 'reception',
  email: string,
  pepper = publicEnv.ADMIN_PASSWORD_PEPPER,
) {
  await db.insert(staffAccounts).values({
    name: `${role} of the test`,
    email,
    role,
    passwordHash: await hashPassword(PASSWORD, pepper),
  });
}

export const login = (email: string, environment: Env = publicEnv) =>
  send('/api/auth/login', { username: email, password: PASSWORD }, '', environment);

export const idOf = async (email: string) =>
  (await db.select().from(staffAccounts).where(eq(staffAccounts.email, email)))[0]?.id ?? '';

const currentStep = () => Math.floor(Date.now() / 30_000);

/** The code the app with this stored (sealed) key shows `ahead` steps from now. */
async function codeOf(accountId: string, stored: string | null | undefined, ahead = 0): Promise<string> {
  const key = await openTotpKey(publicEnv.ADMIN_PASSWORD_PEPPER, accountId, stored ?? '');
  if (!key) throw new Error('no authenticator key');
  return generateHOTP(key, BigInt(currentStep() + ahead), 6);
}

/**
 * The code the person's authenticator app shows for the next step: a code is accepted once, so
 * the one that confirmed the app (this step's) is not accepted again.
 */
export async function codeFor(email: string, ahead = 1): Promise<string> {
  const id = await idOf(email);
  const [row] = await db
    .select({ secret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id));
  return codeOf(id, row?.secret, ahead);
}

/** The code of the app being added, as it shows now (the key waits sealed until confirmed). */
export async function pendingCode(accountId: string): Promise<string> {
  const [pending] = await db
    .select()
    .from(authChallenges)
    .where(eq(authChallenges.key, `totp-pending:${accountId}`));
  return codeOf(accountId, pending?.payload.key);
}

/** A manager whose authenticator app is confirmed (with this step's code). */
export async function managerWithApp(email: string, role: 'manager' | 'reception' = 'manager') {
  await account(role, email);
  const cookie = cookieOf(await login(email));
  await send('/api/auth/totp/setup', undefined, cookie);
  const id = await idOf(email);
  expect((await send('/api/auth/totp', { code: await pendingCode(id) }, cookie)).status).toBe(200);
  return { id, cookie };
}

export const ticketOf = async (response: Response) =>
  ((await response.json()) as { data: { ticket: string } }).data.ticket;
/** No member but the built-in owner, and nothing of anyone's sign-ins. */
export async function clearTeamSecurity() {
  await db.delete(authChallenges);
  await db.delete(loginFailures);
  await db.delete(staffPasskeys);
  await db.delete(staffTokens);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
}
