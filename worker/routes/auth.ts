import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { clearSessionCookie, readSessionCookie, sameOriginJson, setSessionCookie } from '../middleware/admin-session';
import { afterResponse } from '../middleware/after-response';
import { clientNetwork } from '../middleware/client-network';
import { rateLimit } from '../middleware/rate-limit';
import { signedInMember, staffMember } from '../middleware/staff-access';
import { validate } from '../middleware/validate';
import { logIn } from '../services/admin-login';
import { endSession } from '../services/admin-sessions';
import type { StaffMember } from '../services/staff-accounts';
import {
  changePassword,
  type PasswordResult,
  sendPasswordReset,
  setPasswordFromLink,
  signOutEverywhere,
  staffPasswordMessages,
} from '../services/staff-passwords';
import { emailAddress } from '../shared/contact-schema';

export const authMessages = {
  invalid: 'Invalid username or password',
  tokenRequired: 'This link is incomplete. Please open it again from your email.',
  newPasswordRequired: 'Please choose a password.',
  currentRequired: 'Please enter your current password.',
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

const password = (message: string) => z.string({ error: message }).check(z.minLength(1, message), z.maxLength(500));

const linkBody = z.object({
  token: z
    .string({ error: authMessages.tokenRequired })
    .check(z.minLength(1, authMessages.tokenRequired), z.maxLength(200)),
  password: password(authMessages.newPasswordRequired),
});

const changeBody = z.object({
  current: password(authMessages.currentRequired),
  password: password(authMessages.newPasswordRequired),
});

/** The session answer's user: who is signed in (the therapist link stays on the server). */
const userOf = ({ therapistId: _, ...user }: StaffMember) => user;

/** A new password's answer: signed in (a new session) with the user, or the problem. */
function passwordAnswer(c: Context<AppEnv>, result: PasswordResult) {
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined;
    return c.json({ message: result.message }, result.status, headers);
  }
  setSessionCookie(c, result.sessionId);
  return c.json({ success: true as const, data: { user: userOf(result.member) } });
}

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
    const member = await signedInMember(c);
    if (!member) return c.json({ authenticated: false as const });
    return c.json({ authenticated: true as const, user: userOf(member) });
  })
  .post(
    '/auth/invitations/accept',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'staff-link'),
    validate('json', linkBody),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const result = await setPasswordFromLink(c.env, c.var.db, {
        token,
        purpose: 'invitation',
        password,
        now: new Date(),
      });
      return passwordAnswer(c, result);
    },
  )
  .post(
    '/auth/password/forgot',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'password-forgot'),
    validate('json', z.object({ email: emailAddress() })),
    async (c) => {
      // The same answer at once for any address: the lookup and the email happen after it.
      afterResponse(c, sendPasswordReset(c.env, c.var.db, c.req.valid('json').email, new Date()));
      return c.json({ success: true as const, message: staffPasswordMessages.forgotSent });
    },
  )
  .post(
    '/auth/password/reset',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'staff-link'),
    validate('json', linkBody),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const result = await setPasswordFromLink(c.env, c.var.db, {
        token,
        purpose: 'password-reset',
        password,
        now: new Date(),
      });
      return passwordAnswer(c, result);
    },
  )
  .post('/auth/password', sameOriginJson, validate('json', changeBody), async (c) => {
    const { current, password } = c.req.valid('json');
    const result = await changePassword(c.env, c.var.db, staffMember(c), {
      current,
      password,
      network: clientNetwork(c) ?? 'local',
      now: new Date(),
    });
    if (result.ok) await endSession(c.env.SESSIONS, readSessionCookie(c));
    return passwordAnswer(c, result);
  })
  .post('/auth/sign-out-everywhere', sameOriginJson, async (c) => {
    await signOutEverywhere(c.var.db, staffMember(c)._id, new Date());
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ success: true as const });
  });
