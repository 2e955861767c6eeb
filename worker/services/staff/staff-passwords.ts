/**
 * A team member's password after the first sign-in: chosen from an invitation or reset link,
 * changed when signed in, and "sign out of all devices". Every new password follows the same
 * rules (password-rules.ts), and every change ends the person's other sessions: the account's
 * `sessions_valid_after` moves to now and the browser that made the change gets a new session. A
 * change made signed in also removes the person's unused reset links.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts, staffTokens } from '../../db/schema';
import type { Bindings } from '../../env';
import type { StaffMember } from '../../shared/permissions';
import { sitePaths } from '../../shared/site-paths';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';
import { createSession } from './admin-sessions';
import { clearAttempts, takeAttempt } from './login-throttle';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-rules';
import { secondFactorRequired, secondFactorsOf } from './second-factor';
import { accountForEmail, activeStaffMember, passwordHashOf } from './staff-accounts';
import { passwordResetMessages } from './staff-messages';
import { issueStaffToken, redeemStaffToken, type StaffTokenPurpose, staffTokenAccount } from './staff-tokens';

export const staffPasswordMessages = {
  invitationLink:
    'This invitation link has expired or has already been used. Please ask the studio owner for a new one.',
  resetLink:
    'This link has expired or has already been used. Please ask for a new one with “Forgot password?” on the login page.',
  forgotSent:
    'If that email belongs to a member of the team, a link to choose a new password is on its way. It works for 1 hour.',
  currentWrong: 'Your current password is not right.',
  samePassword: 'Please choose a password different from your current one.',
  locked: 'Too many failed attempts. Please wait a few minutes and try again.',
} as const;

type Env = Pick<Bindings, 'SESSIONS' | 'ADMIN_PASSWORD_PEPPER' | 'ADMIN_PASSWORD_HASH' | 'SITE_URL' | 'ASSETS'>;

export type PasswordResult =
  /** `sessionId` null: the password is saved, and the person signs in with it and their second factor. */
  | { ok: true; member: StaffMember; sessionId: string | null }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

const linkMessage = (purpose: StaffTokenPurpose) =>
  purpose === 'invitation' ? staffPasswordMessages.invitationLink : staffPasswordMessages.resetLink;

/** Chooses the password from an invitation or reset link, and signs this browser in. */
export async function setPasswordFromLink(
  env: Env,
  db: Database,
  request: { token: string; purpose: StaffTokenPurpose; password: string; now: Date },
): Promise<PasswordResult> {
  const refused = { ok: false, status: 400, message: linkMessage(request.purpose) } as const;
  const account = await staffTokenAccount(db, request.token, request.purpose, request.now);
  if (!account) return refused;
  const problem = await passwordProblem(request.password, account.email, env.ASSETS);
  if (problem) return { ok: false, status: 400, message: problem };
  const hash = await hashPassword(request.password, env.ADMIN_PASSWORD_PEPPER);
  const accountId = await redeemStaffToken(db, request.token, request.purpose, hash, request.now);
  const member = accountId ? await activeStaffMember(db, accountId) : null;
  if (!member) return refused;
  // An emailed link is not a second factor: whoever has one signs in with it as usual.
  if (secondFactorRequired(env.SITE_URL, member.role)) {
    const factors = await secondFactorsOf(db, member._id);
    if (factors.totp || factors.passkeys > 0) return { ok: true, member, sessionId: null };
  }
  return { ok: true, member, sessionId: await createSession(env.SESSIONS, member, request.now) };
}

/**
 * A signed-in member's current password, checked and counted like a sign-in (so a borrowed session
 * cannot guess it): for a new password, and for confirming it is them before a factor changes.
 */
export async function checkCurrentPassword(
  env: Pick<Bindings, 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER'>,
  db: Database,
  member: StaffMember,
  request: { password: string; network: string; now: Date },
): Promise<{ ok: true } | { ok: false; locked: true; retryAfterSeconds: number } | { ok: false; locked: false }> {
  const keys = { network: request.network, username: `account:${member._id}` };
  const counted = await takeAttempt(db, keys, request.now);
  if (!counted.allowed) return { ok: false, locked: true, retryAfterSeconds: counted.retryAfterSeconds };
  const hash = await passwordHashOf(db, member._id, env.ADMIN_PASSWORD_HASH);
  if (!hash || !(await verifyPassword(request.password, env.ADMIN_PASSWORD_PEPPER, hash))) {
    return { ok: false, locked: false };
  }
  await clearAttempts(db, keys);
  return { ok: true };
}

/** A signed-in member's new password, once their current one is right; the member's other sessions end. */
export async function changePassword(
  env: Env,
  db: Database,
  member: StaffMember,
  request: { current: string; password: string; network: string; now: Date },
): Promise<PasswordResult> {
  const checked = await checkCurrentPassword(env, db, member, { ...request, password: request.current });
  if (!checked.ok) {
    return checked.locked
      ? { ok: false, status: 429, message: staffPasswordMessages.locked, retryAfterSeconds: checked.retryAfterSeconds }
      : { ok: false, status: 400, message: staffPasswordMessages.currentWrong };
  }
  if (request.password === request.current)
    return { ok: false, status: 400, message: staffPasswordMessages.samePassword };
  const problem = await passwordProblem(request.password, member.email, env.ASSETS);
  if (problem) return { ok: false, status: 400, message: problem };
  // The person's unused reset links go in the same batch: one asked for before (perhaps by
  // whoever made them change it) cannot set another password after this one.
  const passwordHash = await hashPassword(request.password, env.ADMIN_PASSWORD_PEPPER);
  await db.batch([
    db
      .update(staffAccounts)
      .set({ passwordHash, sessionsValidAfter: request.now.toISOString() })
      .where(eq(staffAccounts.id, member._id)),
    db
      .delete(staffTokens)
      .where(
        and(
          eq(staffTokens.accountId, member._id),
          eq(staffTokens.purpose, 'password-reset'),
          isNull(staffTokens.usedAt),
        ),
      ),
  ]);
  return { ok: true, member, sessionId: await createSession(env.SESSIONS, member, request.now) };
}

/** Ends every session of the member, this one included. */
export async function signOutEverywhere(db: Database, accountId: string, now: Date): Promise<void> {
  await db.update(staffAccounts).set({ sessionsValidAfter: now.toISOString() }).where(eq(staffAccounts.id, accountId));
}

/**
 * "Forgot password?": a reset link by email to an active member with a password; nothing for any
 * other address (the caller answers the same either way, before this runs).
 */
export async function sendPasswordReset(env: Bindings, db: Database, email: string, now: Date): Promise<NewMessage[]> {
  const account = await accountForEmail(db, email);
  const member = account ? await activeStaffMember(db, account.id) : null;
  if (!member?.email) return [];
  const { token, expiresAt } = await issueStaffToken(db, member._id, 'password-reset', now);
  const studio = studioDetails(env);
  const link = `${studio.siteUrl}${sitePaths.staffPasswordReset}?token=${token}`;
  const messages = await passwordResetMessages(
    member._id,
    member.email,
    { name: member.name, link, expiresAt },
    studio,
  );
  await queueMessages(db, env.MESSAGES, messages);
  return messages;
}
