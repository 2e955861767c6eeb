/**
 * A booking's manage link: `/manage-booking/<token>`. The token is an HMAC of the booking's
 * payment reference under a key derived from the pepper secret with its own purpose label:
 * 256 bits no one can guess or forge. The database keeps only the token's SHA-256 (to find the
 * booking), so a copy of the database opens no booking, while the worker can write the same link
 * again into the reminder a day before.
 */
import { purposeKey, toBase64Url } from './signing';

const encoder = new TextEncoder();
const linkKey = (secret: string) => purposeKey(secret, 'manage-booking-links');

export async function manageToken(paymentReference: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await linkKey(secret), encoder.encode(paymentReference));
  return toBase64Url(new Uint8Array(signature));
}

/** What the database keeps of a token: its SHA-256, hex. */
export async function manageTokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A token's shape: 43 base64url characters (32 bytes). Anything else is refused unread. */
export const isManageToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const managePath = (token: string) => `/manage-booking/${token}`;
