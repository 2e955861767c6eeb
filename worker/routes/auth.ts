import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { clearSessionCookie, readSessionCookie, sameOriginJson, setSessionCookie } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { createSession, endSession, isValidSession } from '../services/admin-sessions';
import { clearFailures, lockedForSeconds, recordFailure } from '../services/login-throttle';
import { constantTimeTextEqual, verifyPassword } from '../services/password';

export const authMessages = {
  invalid: 'Invalid username or password',
  locked: 'Too many failed attempts. Please wait a few minutes and try again.',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
} as const;

const loginBody = z.object({
  username: z
    .string({ error: authMessages.usernameRequired })
    .check(z.minLength(1, authMessages.usernameRequired), z.maxLength(200)),
  password: z
    .string({ error: authMessages.passwordRequired })
    .check(z.minLength(1, authMessages.passwordRequired), z.maxLength(500)),
});

/** The client address failures are counted against; locally (no Cloudflare edge) all share one. */
const clientAddress = (header: string | undefined) => header?.trim() || 'local';

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/login', sameOriginJson, validate('json', loginBody), async (c) => {
    const now = new Date();
    const address = clientAddress(c.req.header('CF-Connecting-IP'));
    const wait = await lockedForSeconds(c.env.SESSIONS, address, now);
    if (wait > 0) return c.json({ message: authMessages.locked }, 429, { 'Retry-After': String(wait) });

    const { username, password } = c.req.valid('json');
    // Both checks always run, so a wrong name and a wrong password take the same time and answer.
    const [nameMatches, passwordMatches] = await Promise.all([
      constantTimeTextEqual(username, c.env.ADMIN_USERNAME),
      verifyPassword(password, c.env.ADMIN_PASSWORD_PEPPER, c.env.ADMIN_PASSWORD_HASH),
    ]);
    if (!nameMatches || !passwordMatches) {
      await recordFailure(c.env.SESSIONS, address, now);
      return c.json({ message: authMessages.invalid }, 401);
    }
    await clearFailures(c.env.SESSIONS, address);
    // A stale session cookie from before is ended, and a new id is issued every time.
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    const id = await createSession(c.env.SESSIONS, now);
    setSessionCookie(c, id);
    return c.json({ success: true as const, data: { username: c.env.ADMIN_USERNAME } });
  })
  .post('/auth/logout', sameOriginJson, async (c) => {
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ success: true as const });
  })
  .get('/auth/session', async (c) => {
    const authenticated = await isValidSession(c.env.SESSIONS, readSessionCookie(c), new Date());
    return c.json({ authenticated });
  });
