import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { clearSessionCookie, readSessionCookie, sameOriginJson, setSessionCookie } from '../middleware/admin-session';
import { clientNetwork } from '../middleware/client-network';
import { validate } from '../middleware/validate';
import { logIn } from '../services/admin-login';
import { endSession, sessionAccount } from '../services/admin-sessions';
import { activeStaffMember } from '../services/staff-accounts';

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

export const authRoutes = new Hono<AppEnv>()
  .post('/auth/login', sameOriginJson, validate('json', loginBody), async (c) => {
    const { username, password } = c.req.valid('json');
    const result = await logIn(c.env, c.var.db, {
      username,
      password,
      // Locally (no Cloudflare edge) every request counts as one network.
      network: clientNetwork(c) ?? 'local',
      previousSessionId: readSessionCookie(c),
      now: new Date(),
    });
    if (result.outcome === 'locked') {
      return c.json({ message: authMessages.locked }, 429, { 'Retry-After': String(result.retryAfterSeconds) });
    }
    if (result.outcome === 'invalid') return c.json({ message: authMessages.invalid }, 401);
    setSessionCookie(c, result.sessionId);
    return c.json({ success: true as const, data: { user: result.user } });
  })
  .post('/auth/logout', sameOriginJson, async (c) => {
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ success: true as const });
  })
  .get('/auth/session', async (c) => {
    const accountId = await sessionAccount(c.env.SESSIONS, readSessionCookie(c), new Date());
    const member = accountId ? await activeStaffMember(c.var.db, accountId) : null;
    if (!member) return c.json({ authenticated: false as const });
    const { therapistId: _, ...user } = member;
    return c.json({ authenticated: true as const, user });
  });
