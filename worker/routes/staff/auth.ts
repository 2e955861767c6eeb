import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { type AppEnv, factory } from '../../env';
import {
  clearSessionCookie,
  readSessionCookie,
  sameOriginJson,
  setSessionCookie,
} from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { recordStaffRefusal } from '../../middleware/audit-trail';
import { clientNetwork } from '../../middleware/client-network';
import { rateLimit } from '../../middleware/rate-limit';
import { recentConfirmation, secondFactorMissing, signedInMember, staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { logIn } from '../../services/staff/admin-login';
import { confirmSession, createSession, endSession } from '../../services/staff/admin-sessions';
import { confirmationMessages, confirmIdentity } from '../../services/staff/identity-confirmation';
import {
  addPasskey,
  listPasskeys,
  passkeyMessages,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  signInOptions,
  signInWithPasskey,
} from '../../services/staff/passkeys';
import {
  disableTotp,
  enableTotp,
  redeemLoginTicket,
  secondFactorMessages,
  secondFactorRequired,
  secondFactorsOf,
  startTotp,
} from '../../services/staff/second-factor';
import { type SecurityEvent, sendSecurityNotice } from '../../services/staff/security-notices';
import { accountName, activeStaffMember } from '../../services/staff/staff-accounts';
import {
  changePassword,
  type PasswordResult,
  sendPasswordReset,
  setPasswordFromLink,
  signOutEverywhere,
  staffPasswordMessages,
} from '../../services/staff/staff-passwords';
import type { StaffTokenPurpose } from '../../services/staff/staff-tokens';
import { emailAddress } from '../../shared/contact-schema';
import type { StaffMember } from '../../shared/permissions';
import { filled, lineOf } from '../../shared/plain-text';
import { routeGroup } from '../route-group';

export const authMessages = {
  invalid: 'Invalid username or password',
  tokenRequired: 'This link is incomplete. Please open it again from your email.',
  newPasswordRequired: 'Please choose a password.',
  currentRequired: 'Please enter your current password.',
  locked: 'Too many failed attempts. Please wait a few minutes and try again.',
  usernameRequired: 'Please enter your username',
  passwordRequired: 'Please enter your password',
} as const;

const loginBody = () =>
  z.object({
    username: filled(200, authMessages.usernameRequired),
    password: filled(500, authMessages.passwordRequired),
  });

const password = (message: string) => filled(500, message);

const linkBody = () =>
  z.object({
    token: filled(200, authMessages.tokenRequired),
    password: password(authMessages.newPasswordRequired),
  });

const changeBody = () =>
  z.object({
    current: password(authMessages.currentRequired),
    password: password(authMessages.newPasswordRequired),
  });

/** The session answer's user: who is signed in (the therapist link stays on the server). */
const userOf = ({ _id, name, email, role }: StaffMember) => ({ _id, name, email, role });

/** An authenticator app's 6 digits, as typed ("123456" or "123 456"). */
const sixDigitCode = () =>
  z
    .string({ error: secondFactorMessages.wrongCode })
    .check(z.trim(), z.regex(/^\d{3} ?\d{3}$/, secondFactorMessages.wrongCode));

const ticketBody = () =>
  z.object({
    ticket: z.string({ error: secondFactorMessages.ticket }).check(z.maxLength(100)),
    code: sixDigitCode(),
  });

const codeBody = () => z.object({ code: sixDigitCode() });

/** "Is it really you?": the password, or a code from the authenticator app. */
const confirmBody = () =>
  z.object({
    password: z.optional(z.string().check(z.maxLength(500))),
    code: z.optional(z.string().check(z.trim(), z.maxLength(10))),
  });

/** A browser's WebAuthn answer, checked in full by SimpleWebAuthn; here only its outline and size. */
const webAuthnAnswer = () =>
  z.looseObject({ id: z.string().check(z.minLength(1), z.maxLength(1024)), type: z.literal('public-key') });

const passkeyAnswerBody = () => z.object({ response: webAuthnAnswer() });

const newPasskeyBody = () =>
  z.object({
    response: webAuthnAnswer(),
    name: lineOf(1, 60, passkeyMessages.name),
  });

/** A new password's answer: signed in (a new session) with the user, or the problem. */
function passwordAnswer(c: Context<AppEnv>, result: PasswordResult) {
  if (!result.ok) {
    const headers = result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined;
    return c.json({ message: result.message }, result.status, headers);
  }
  if (result.sessionId === null) {
    return c.json({ success: true as const, data: { user: userOf(result.member), signedIn: false as const } });
  }
  setSessionCookie(c, result.sessionId);
  return c.json({ success: true as const, data: { user: userOf(result.member), signedIn: true as const } });
}

/** Signs this browser in as `member` (a passkey or a second factor): a new session, the previous one ended. */
async function signInAnswer(c: Context<AppEnv>, member: StaffMember) {
  await endSession(c.env.SESSIONS, readSessionCookie(c));
  setSessionCookie(c, await createSession(c.env.SESSIONS, member, new Date()));
  return c.json({ success: true as const, data: { user: userOf(member) } });
}

/** Emails the signed-in person that a second factor of theirs was added or removed. */
function tellOfFactor(c: Context<AppEnv>, event: SecurityEvent) {
  const context = { at: new Date(), address: c.req.header('CF-Connecting-IP') ?? null };
  afterResponse(c, sendSecurityNotice(c.env, c.var.db, staffMember(c)._id, event, context));
}

/** Choosing a password from an emailed link: the invitation's and the reset's one route shape. */
const passwordFromLink = (purpose: StaffTokenPurpose) =>
  factory.createHandlers(
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'staff-link'),
    validate('json', linkBody),
    async (c) => {
      const { token, password } = c.req.valid('json');
      return passwordAnswer(
        c,
        await setPasswordFromLink(c.env, c.var.db, { token, purpose, password, now: new Date() }),
      );
    },
  );

export const authRoutes = routeGroup()
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
    if (result.outcome === 'second-factor') {
      return c.json({ success: true as const, data: { secondFactor: 'totp' as const, ticket: result.ticket } });
    }
    if (result.outcome === 'use-passkey') {
      return c.json({
        success: true as const,
        data: { secondFactor: 'passkey' as const, message: secondFactorMessages.usePasskey },
      });
    }
    setSessionCookie(c, result.sessionId);
    return c.json({ success: true as const, data: { user: result.user } });
  })
  .post(
    '/auth/login/totp',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'second-factor'),
    validate('json', ticketBody),
    async (c) => {
      const { ticket, code } = c.req.valid('json');
      const now = new Date();
      const result = await redeemLoginTicket(c.var.db, c.env.ADMIN_PASSWORD_PEPPER, { ticket, code, now });
      if (!result.ok) {
        if (result.reason === 'ticket') return c.json({ message: secondFactorMessages.ticket }, 401);
        c.set('signInAccount', await accountName(c.var.db, result.accountId));
        if (result.reason === 'locked') {
          return c.json({ message: secondFactorMessages.accountLocked }, 429, {
            'Retry-After': String(result.retryAfterSeconds),
          });
        }
        if (result.lockedNow) {
          const context = { at: now, address: c.req.header('CF-Connecting-IP') ?? null };
          afterResponse(
            c,
            sendSecurityNotice(c.env, c.var.db, result.accountId, { kind: 'code-step-locked' }, context),
          );
        }
        return c.json({ message: secondFactorMessages.wrongCode }, 401);
      }
      const member = await activeStaffMember(c.var.db, result.accountId);
      if (!member) return c.json({ message: secondFactorMessages.ticket }, 401);
      return signInAnswer(c, member);
    },
  )
  .post('/auth/passkey-login/options', sameOriginJson, rateLimit('FORM_LIMITER', 'passkey'), async (c) =>
    c.json(await signInOptions(c.var.db, relyingPartyOf(c.req.url), new Date())),
  )
  .post(
    '/auth/passkey-login',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'passkey'),
    validate('json', passkeyAnswerBody),
    async (c) => {
      const result = await signInWithPasskey(
        c.var.db,
        relyingPartyOf(c.req.url),
        c.req.valid('json').response as unknown as AuthenticationResponseJSON,
        new Date(),
      );
      if (!result.ok) return c.json({ message: result.message }, 401);
      return signInAnswer(c, result.member);
    },
  )
  .get('/auth/passkeys', async (c) => c.json(await listPasskeys(c.var.db, staffMember(c)._id)))
  .get('/auth/second-factor', async (c) => {
    const member = staffMember(c);
    const [passkeys, factors] = await Promise.all([
      listPasskeys(c.var.db, member._id),
      secondFactorsOf(c.var.db, member._id),
    ]);
    return c.json({ passkeys, totp: factors.totp, required: secondFactorRequired(c.env.SITE_URL, member.role) });
  })
  .post('/auth/passkeys/options', sameOriginJson, recentConfirmation, async (c) =>
    c.json(await registrationOptions(c.var.db, staffMember(c), relyingPartyOf(c.req.url), new Date())),
  )
  .post('/auth/passkeys', sameOriginJson, recentConfirmation, validate('json', newPasskeyBody), async (c) => {
    const { response, name } = c.req.valid('json');
    const result = await addPasskey(
      c.var.db,
      staffMember(c),
      relyingPartyOf(c.req.url),
      { response: response as unknown as RegistrationResponseJSON, name },
      new Date(),
    );
    if (!result.ok) return c.json({ message: result.message }, 400);
    tellOfFactor(c, { kind: 'factor-added', factor: `A passkey named “${name}”` });
    return c.json({ success: true as const, _id: result.id }, 201);
  })
  .delete('/auth/passkeys/:id', sameOriginJson, recentConfirmation, async (c) => {
    const name = await removePasskey(c.var.db, staffMember(c)._id, c.req.param('id'));
    if (name === null) return c.json({ message: passkeyMessages.notFound }, 404);
    tellOfFactor(c, { kind: 'factor-removed', factor: `The passkey “${name}”` });
    return c.json({ success: true as const });
  })
  .post('/auth/totp/setup', sameOriginJson, recentConfirmation, async (c) =>
    c.json(await startTotp(c.var.db, c.env.ADMIN_PASSWORD_PEPPER, staffMember(c), new Date())),
  )
  .post('/auth/totp', sameOriginJson, recentConfirmation, validate('json', codeBody), async (c) => {
    const { code } = c.req.valid('json');
    const result = await enableTotp(c.var.db, c.env.ADMIN_PASSWORD_PEPPER, staffMember(c)._id, code, new Date());
    if (!result.ok) return c.json({ message: result.message }, 400);
    tellOfFactor(c, { kind: 'factor-added', factor: 'An authenticator app' });
    return c.json({ success: true as const });
  })
  .delete('/auth/totp', sameOriginJson, recentConfirmation, async (c) => {
    const member = staffMember(c);
    if (!(await secondFactorsOf(c.var.db, member._id)).totp) return c.json({ success: true as const });
    await disableTotp(c.var.db, member._id);
    tellOfFactor(c, { kind: 'factor-removed', factor: 'The authenticator app' });
    return c.json({ success: true as const });
  })
  .post('/auth/confirm', sameOriginJson, validate('json', confirmBody), async (c) => {
    const now = new Date();
    const result = await confirmIdentity(c.env, c.var.db, staffMember(c), {
      ...c.req.valid('json'),
      network: clientNetwork(c) ?? 'local',
      now,
    });
    if (!result.ok) {
      // A proof that was given and refused (not an empty form) is in the activity log.
      if (result.message !== confirmationMessages.nothing) {
        const proof = c.req.valid('json').password ? 'password' : 'authenticator code';
        recordStaffRefusal(c, 'identity-confirm-failed', {
          with: proof,
          ...(result.status === 429 ? { locked: true } : {}),
        });
      }
      const headers = result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : undefined;
      return c.json({ message: result.message }, result.status, headers);
    }
    await confirmSession(c.env.SESSIONS, readSessionCookie(c), now);
    return c.json({ success: true as const });
  })
  .post('/auth/logout', sameOriginJson, async (c) => {
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ success: true as const });
  })
  .get('/auth/session', async (c) => {
    const member = await signedInMember(c);
    if (!member) return c.json({ authenticated: false as const });
    // An owner or manager on a public site without a second factor yet: only their account opens.
    if (await secondFactorMissing(c, member)) {
      return c.json({ authenticated: true as const, user: userOf(member), secondFactorSetupRequired: true as const });
    }
    return c.json({ authenticated: true as const, user: userOf(member) });
  })
  .post('/auth/invitations/accept', ...passwordFromLink('invitation'))
  .post(
    '/auth/password/forgot',
    sameOriginJson,
    rateLimit('FORM_LIMITER', 'password-forgot'),
    validate('json', () => z.object({ email: emailAddress() })),
    async (c) => {
      // The same answer at once for any address: the lookup and the email happen after it.
      afterResponse(c, sendPasswordReset(c.env, c.var.db, c.req.valid('json').email, new Date()));
      return c.json({ success: true as const, message: staffPasswordMessages.forgotSent });
    },
  )
  .post('/auth/password/reset', ...passwordFromLink('password-reset'))
  .post('/auth/password', sameOriginJson, validate('json', changeBody), async (c) => {
    const { current, password } = c.req.valid('json');
    const result = await changePassword(c.env, c.var.db, staffMember(c), {
      current,
      password,
      network: clientNetwork(c) ?? 'local',
      now: new Date(),
    });
    if (result.ok) await endSession(c.env.SESSIONS, readSessionCookie(c));
    // A wrong current password (or the lock it led to) is in the activity log; a weak new one is not.
    else if (result.status === 429 || result.message === staffPasswordMessages.currentWrong) {
      recordStaffRefusal(c, 'password-change-failed', result.status === 429 ? { locked: true } : {});
    }
    return passwordAnswer(c, result);
  })
  .post('/auth/sign-out-everywhere', sameOriginJson, async (c) => {
    await signOutEverywhere(c.var.db, staffMember(c)._id, new Date());
    await endSession(c.env.SESSIONS, readSessionCookie(c));
    clearSessionCookie(c);
    return c.json({ success: true as const });
  });
