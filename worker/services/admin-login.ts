/**
 * A staff login attempt: refused while the address is locked out; otherwise the name and the
 * password are both checked (always both, so a wrong name and a wrong password take the same time
 * and get the same answer); a failure is counted, a success clears the count, ends the session the
 * browser still held and starts a new one.
 */
import type { Bindings } from '../env';
import { createSession, endSession } from './admin-sessions';
import { clearFailures, lockedForSeconds, recordFailure } from './login-throttle';
import { constantTimeTextEqual, verifyPassword } from './password';

export type LoginResult =
  | { outcome: 'signed-in'; sessionId: string }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; retryAfterSeconds: number };

interface LoginAttempt {
  username: string;
  password: string;
  /** The client address failures are counted against. */
  address: string;
  /** The session id the browser still holds, if any. */
  previousSessionId: string | undefined;
  now: Date;
}

type LoginEnv = Pick<Bindings, 'SESSIONS' | 'ADMIN_USERNAME' | 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER'>;

export async function logIn(env: LoginEnv, attempt: LoginAttempt): Promise<LoginResult> {
  const wait = await lockedForSeconds(env.SESSIONS, attempt.address, attempt.now);
  if (wait > 0) return { outcome: 'locked', retryAfterSeconds: wait };

  const [nameMatches, passwordMatches] = await Promise.all([
    constantTimeTextEqual(attempt.username, env.ADMIN_USERNAME),
    verifyPassword(attempt.password, env.ADMIN_PASSWORD_PEPPER, env.ADMIN_PASSWORD_HASH),
  ]);
  if (!nameMatches || !passwordMatches) {
    await recordFailure(env.SESSIONS, attempt.address, attempt.now);
    return { outcome: 'invalid' };
  }
  await clearFailures(env.SESSIONS, attempt.address);
  await endSession(env.SESSIONS, attempt.previousSessionId);
  return { outcome: 'signed-in', sessionId: await createSession(env.SESSIONS, attempt.now) };
}
