/**
 * A staff login attempt: counted first (login-throttle.ts), so a locked network or username is
 * refused before any password check; otherwise the name and the password are both checked (always
 * both, so a wrong name and a wrong password take the same time and get the same answer); a
 * success gives the counts back, ends the session the browser still held and starts a new one.
 */
import type { Database } from '../db/client';
import type { Bindings } from '../env';
import { createSession, endSession } from './admin-sessions';
import { clearAttempts, takeAttempt } from './login-throttle';
import { constantTimeTextEqual, verifyPassword } from './password';

export type LoginResult =
  | { outcome: 'signed-in'; sessionId: string }
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

type LoginEnv = Pick<Bindings, 'SESSIONS' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER'>;

export async function logIn(env: LoginEnv, db: Database, attempt: LoginAttempt): Promise<LoginResult> {
  const keys = { network: attempt.network, username: attempt.username };
  const counted = await takeAttempt(db, keys, attempt.now);
  if (!counted.allowed) return { outcome: 'locked', retryAfterSeconds: counted.retryAfterSeconds };

  const [nameMatches, passwordMatches] = await Promise.all([
    constantTimeTextEqual(attempt.username, env.ADMIN_USERNAME),
    verifyPassword(attempt.password, env.ADMIN_PASSWORD_PEPPER, env.ADMIN_PASSWORD_HASH),
  ]);
  if (!nameMatches || !passwordMatches) return { outcome: 'invalid' };
  await clearAttempts(db, keys);
  await endSession(env.SESSIONS, attempt.previousSessionId);
  return { outcome: 'signed-in', sessionId: await createSession(env.SESSIONS, attempt.now) };
}
