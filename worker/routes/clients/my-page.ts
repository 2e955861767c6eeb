import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { clientNetwork } from '../../middleware/client-network';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { PaystackError } from '../../providers/paystack';
import { accountReceipt, accountView } from '../../services/client-files/my-page';
import { accountCodeMessages } from '../../services/clients/client-messages';
import {
  type ClientIdentity,
  endSession,
  identityOfKey,
  identityOfToken,
  requestSignInCode,
  sessionContact,
  signInWithCode,
} from '../../services/clients/my-page-sign-in';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { paystackPlans } from '../../services/payments/gateway';
import { keyedDigest } from '../../services/signing';
import {
  ACCOUNT_CODE_MINUTES,
  ACCOUNT_SESSION_DAYS,
  accountMessages,
  codeRequestSchema,
  signInSchema,
} from '../../shared/my-page-rules';
import { routeGroup } from '../route-group';

/** `__Host-account`: this host only, over HTTPS, never read by scripts, sent on links from elsewhere (Lax). */
const cookieName = 'account';
const cookieOptions = { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', prefix: 'host' } as const;
const noStore = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };

/** The browser's session token, if it sends one of a token's length. */
function sessionToken(c: Context<AppEnv>): string | undefined {
  const token = getCookie(c, cookieName, 'host');
  return token && token.length <= 100 ? token : undefined;
}

/** The signed-in client's contact key and session token, or undefined (booking-terms asks it too). */
export async function signedIn(c: Context<AppEnv>) {
  const token = sessionToken(c);
  if (!token) return undefined;
  const contact = await sessionContact(c.var.db, token, new Date());
  return contact ? { contact, token } : undefined;
}

/**
 * Whom the browser is signed in as, for a page read in one trip to D1: the page's own statements
 * read the session (a token from before tokens named their kind has its session read first).
 */
async function identityOf(c: Context<AppEnv>): Promise<ClientIdentity | undefined> {
  const token = sessionToken(c);
  if (!token) return undefined;
  const now = new Date();
  const identity = await identityOfToken(token, now);
  if (identity) return identity;
  const contact = await sessionContact(c.var.db, token, now);
  return contact ? identityOfKey(contact) : undefined;
}

/** The asking network as a keyed digest (its address is not kept): what its limits count. */
async function networkKeyOf(c: Context<AppEnv>) {
  const network = clientNetwork(c);
  return network ? await keyedDigest(c.env.LINK_SECRET, 'client-networks', network) : undefined;
}

/** A client's own page: signing in with a code, and what it shows. */
export const accountRoutes = routeGroup()
  .post(
    '/account/code',
    rateLimit('FORM_LIMITER', 'account-code'),
    sameOriginJson,
    validate('json', codeRequestSchema),
    async (c) => {
      const result = await requestSignInCode(c.var.db, c.req.valid('json').contact, {
        now: new Date(),
        secret: c.env.LINK_SECRET,
        networkKey: await networkKeyOf(c),
      });
      if (!result.ok) return c.json({ message: result.message }, result.status);
      const { id, digits, channel, to } = result.code;
      // The message is made for any address (the same work, so the answer's time tells nothing);
      // only a known one's is written and queued, after the answer, begun on a later turn of the
      // event loop so that not even its first step comes before the answer.
      const messages = await accountCodeMessages(
        { id, digits, minutes: ACCOUNT_CODE_MINUTES },
        { channel, address: to },
        studioDetails(c.env),
      );
      if (result.send) {
        const later = new Promise((resolve) => setTimeout(resolve, 0));
        afterResponse(
          c,
          later.then(() => queueMessages(c.var.db, c.env.MESSAGES, messages)),
        );
      }
      // Known or not, the same answer.
      return c.json({ message: accountMessages.sent }, 202, noStore);
    },
  )
  .post(
    '/account/sign-in',
    rateLimit('FORM_LIMITER', 'account-sign-in'),
    sameOriginJson,
    validate('json', signInSchema),
    async (c) => {
      const { contact, code } = c.req.valid('json');
      const result = await signInWithCode(c.var.db, contact, code, {
        now: new Date(),
        secret: c.env.LINK_SECRET,
        networkKey: await networkKeyOf(c),
      });
      if (!result.ok) return c.json({ message: result.message }, result.status, noStore);
      setCookie(c, cookieName, result.token, { ...cookieOptions, maxAge: ACCOUNT_SESSION_DAYS * 86_400 });
      return c.json({ signedIn: true }, 200, noStore);
    },
  )
  .post('/account/sign-out', sameOriginJson, async (c) => {
    // The session is ended by its token's hash, read or not (one statement).
    const token = sessionToken(c);
    if (token) await endSession(c.var.db, token);
    deleteCookie(c, cookieName, cookieOptions);
    return c.json({ signedIn: false }, 200, noStore);
  })
  // Each read of the page is a query of D1 as a signed-in client: counted per network, so a script
  // with a stolen or a made-up cookie cannot load the database (the code routes are counted too).
  .get('/account', rateLimit('FORM_LIMITER', 'account-view'), async (c) => {
    const who = await identityOf(c);
    const view = who && (await accountView(c.var.db, who, { now: new Date(), linkSecret: c.env.MANAGE_LINK_SECRET }));
    if (!view) return c.json({ message: accountMessages.signedOut }, 401, noStore);
    return c.json(view, 200, noStore);
  })
  .get('/account/receipts/:reference', rateLimit('FORM_LIMITER', 'account-view'), async (c) => {
    const who = await identityOf(c);
    if (!who) return c.json({ message: accountMessages.signedOut }, 401, noStore);
    const receipt = await accountReceipt(c.var.db, who, c.req.param('reference'));
    if (receipt === 'signed-out') return c.json({ message: accountMessages.signedOut }, 401, noStore);
    if (!receipt) return c.json({ message: accountMessages.noReceipt }, 404, noStore);
    return c.json({ ...receipt, studio: studioDetails(c.env) }, 200, noStore);
  })
  .post('/account/membership/manage', rateLimit('FORM_LIMITER', 'account-view'), sameOriginJson, async (c) => {
    const who = await identityOf(c);
    const view = who && (await accountView(c.var.db, who, { now: new Date(), linkSecret: c.env.MANAGE_LINK_SECRET }));
    if (!view) return c.json({ message: accountMessages.signedOut }, 401, noStore);
    const code = view.membership?.canManage
      ? await c.var.db.get<{ code: string }>(
          sql`select subscription_code as code from memberships where id = ${view.membership._id}`,
        )
      : undefined;
    if (!code) return c.json({ message: accountMessages.noMembership }, 409, noStore);
    const plans = paystackPlans(c.env);
    if (!plans) return c.json({ message: accountMessages.manageLater }, 503, noStore);
    try {
      return c.json({ link: await plans.manageLink(code.code) }, 200, noStore);
    } catch (error) {
      if (!(error instanceof PaystackError)) throw error;
      console.error('Paystack gave no manage link', error.message);
      return c.json({ message: accountMessages.manageLater }, 502, noStore);
    }
  });
