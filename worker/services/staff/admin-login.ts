/**
 * A staff login attempt: counted first (login-throttle.ts), so a locked network or username is
 * refused before any password check. The username is the install's ADMIN_USERNAME (the built-in
 * owner, with ADMIN_PASSWORD_HASH until they choose their own) or a team member's email (with their own password). Exactly one
 * password is checked whatever the name (a stand-in hash when no account has it), so a wrong name
 * and a wrong password take the same time and get the same answer. A success gives the counts
 * back, ends the session the browser still held and starts a new one for the account; a right
 * password with a second step to come gives nothing back until that step succeeds.
 *
 * A username locked by guesses from many networks (the network itself still allowed) slows
 * guesses without locking its holder out: the right password still leads on to the account's
 * authenticator code, never to a session by itself; any other answer is the lock's. That way a
 * right password still answers differently, so each account's password is also checked at most
 * MAX_ACCOUNT_PASSWORD_CHECKS times a window on any branch (login-throttle.ts takePasswordCheck):
 * a cap, not an indistinguishable refusal, because the holder must still learn their password was
 * right to be asked for their code; beyond it every answer is the lock's, right password or not.
 */
import type { Database } from '../../db/client';
import type { Bindings } from '../../env';
import type { StaffMember } from '../../shared/permissions';
import { keyedDigest } from '../signing';
import { createSession, endSession } from './admin-sessions';
import { clearAttempts, takeAttempt, takePasswordCheck } from './login-throttle';
import { constantTimeTextEqual, verifyPassword } from './password';
import { issueLoginTicket, secondFactorRequired, secondFactorsOf } from './second-factor';
import { accountForEmail, activeStaffMember, BUILT_IN_OWNER_ID, passwordHashOf } from './staff-accounts';

/** A well-formed hash no password matches (no derivation comes out all zeros): checked when no account has the name. */
const STAND_IN_HASH = 'pbkdf2-sha256:100000:3q2+7wAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export type LoginResult =
  | { outcome: 'signed-in'; sessionId: string; user: Omit<StaffMember, 'therapistId'> }
  /** The password was right; the account's authenticator app code comes next (second-factor.ts). */
  | { outcome: 'second-factor'; ticket: string }
  /** The password was right, but this account signs in with its passkey. */
  | { outcome: 'use-passkey' }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; retryAfterSeconds: number };

interface LoginAttempt {
  username: string;
  password: string;
  /** The client network attempts are counted against. */
  network: string;
  /** The session id the browser still holds, if any. */
  previousSessionId: string | undefined;
  now: Date;
}

type LoginEnv = Pick<
  Bindings,
  'SESSIONS' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER' | 'SITE_URL' | 'LINK_SECRET'
>;

/** Roughly an email address: someone@somewhere.tld, no spaces (a name, not a password typed as one). */
export const EMAIL_SHAPED = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What the guess counter keeps of a typed name: the name itself when it is one (an email, the
 * install's username), else a keyed digest. People type their password into the username field,
 * and login_failures must not hold it; a digest still counts the same text's guesses together.
 */
export async function countedName(typed: string, env: Pick<LoginEnv, 'ADMIN_USERNAME' | 'LINK_SECRET'>) {
  const name = typed.trim().toLowerCase();
  if (name === '' || EMAIL_SHAPED.test(name) || name === env.ADMIN_USERNAME.trim().toLowerCase()) return name;
  return `#${await keyedDigest(env.LINK_SECRET, 'login-names', name)}`;
}

export async function logIn(env: LoginEnv, db: Database, attempt: LoginAttempt): Promise<LoginResult> {
  const keys = { network: attempt.network, username: await countedName(attempt.username, env) };
  const counted = await takeAttempt(db, keys, attempt.now);
  if (!counted.allowed && !counted.networkAllowed) {
    return { outcome: 'locked', retryAfterSeconds: counted.retryAfterSeconds };
  }

  const [isBuiltInOwner, account, builtInHash] = await Promise.all([
    constantTimeTextEqual(attempt.username, env.ADMIN_USERNAME),
    accountForEmail(db, attempt.username),
    passwordHashOf(db, BUILT_IN_OWNER_ID, env.ADMIN_PASSWORD_HASH),
  ]);
  // The built-in owner signs in while their account is active: with the install's hash until
  // they choose a password of their own.
  const accountId = isBuiltInOwner ? BUILT_IN_OWNER_ID : account?.id;
  // Counted for every name (a stand-in key when no account has it), so the count's write takes
  // the same time whether or not the name is someone's; only an account's count refuses.
  const checks = await takePasswordCheck(db, accountId ?? 'no-account', attempt.now);
  if (accountId && !checks.allowed) return { outcome: 'locked', retryAfterSeconds: checks.retryAfterSeconds };
  const hash = (isBuiltInOwner ? builtInHash : account?.passwordHash) ?? STAND_IN_HASH;
  const passwordMatches = await verifyPassword(attempt.password, env.ADMIN_PASSWORD_PEPPER, hash);
  const member = accountId && passwordMatches ? await activeStaffMember(db, accountId) : null;
  if (!counted.allowed) {
    const factors = member ? await secondFactorsOf(db, member._id) : null;
    if (!member || !factors?.totp) return { outcome: 'locked', retryAfterSeconds: counted.retryAfterSeconds };
    return { outcome: 'second-factor', ticket: await issueLoginTicket(db, member._id, keys, attempt.now) };
  }
  if (!member) return { outcome: 'invalid' };
  if (secondFactorRequired(env.SITE_URL, member.role)) {
    const factors = await secondFactorsOf(db, member._id);
    if (factors.totp)
      return { outcome: 'second-factor', ticket: await issueLoginTicket(db, member._id, keys, attempt.now) };
    if (factors.passkeys > 0) return { outcome: 'use-passkey' };
  }
  await clearAttempts(db, { ...keys, accountId: member._id });
  await endSession(env.SESSIONS, attempt.previousSessionId);
  const { therapistId: _, ...user } = member;
  return { outcome: 'signed-in', sessionId: await createSession(env.SESSIONS, member, attempt.now), user };
}
