/**
 * The paying browser's key. A payment reference travels widely (the confirmation URL, WhatsApp,
 * Paystack's receipt, staff emails), so it must not open a booking's manage link or a customer's
 * details by itself: initialize gives the browser a random key in an HttpOnly cookie and stores
 * its hash on the payment; verify answers the private part only to the browser holding that key.
 * SameSite=Lax (not Strict): the visitor arrives back from Paystack's site by a top-level link.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../env';
import { HOLD_MINUTES } from '../services/schedule/slots';
import { randomToken, sha256Hex } from '../services/signing';

const cookieName = 'spa_payer';
/** The cookie's full name: `__Host-` binds it to this exact host over HTTPS, path /. */
export const PAYER_COOKIE = `__Host-${cookieName}`;
/** The hold's 30 minutes and a day: long enough to come back to the confirmation page. */
const PAYER_COOKIE_SECONDS = HOLD_MINUTES * 60 + 24 * 60 * 60;
const isPayerKey = (value: string | undefined): value is string => !!value && /^[A-Za-z0-9_-]{43}$/.test(value);

/** The hash of this browser's payer key, or undefined when it has none. */
export async function payerKeyHash(c: Context<AppEnv>): Promise<string | undefined> {
  const key = getCookie(c, cookieName, 'host');
  return isPayerKey(key) ? sha256Hex(key) : undefined;
}

/** Gives the browser a payer key (keeping the one it has) for another day, and returns its hash. */
export async function issuePayerKey(c: Context<AppEnv>): Promise<string> {
  const held = getCookie(c, cookieName, 'host');
  const key = isPayerKey(held) ? held : randomToken();
  setCookie(c, cookieName, key, {
    path: '/',
    secure: true,
    httpOnly: true,
    sameSite: 'Lax',
    prefix: 'host',
    maxAge: PAYER_COOKIE_SECONDS,
  });
  return sha256Hex(key);
}

/** Ends the browser's payer key (its confirmation has been shown: the next payment gets a new one). */
export function endPayerKey(c: Context<AppEnv>): void {
  deleteCookie(c, cookieName, { path: '/', secure: true, httpOnly: true, sameSite: 'Lax', prefix: 'host' });
}
