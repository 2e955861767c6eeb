/**
 * A booking's manage link: `/manage-booking/<token>`. The token is an HMAC of the booking's
 * payment reference under a key derived from MANAGE_LINK_SECRET (its own secret, so rotating the others never breaks a link) with its own purpose label:
 * 256 bits no one can guess or forge. The database keeps only the token's SHA-256 (to find the
 * booking), so a copy of the database opens no booking, while the worker can write the same link
 * again into the reminder a day before.
 */
import { keyedDigest, sha256Hex } from '../signing';

export const manageToken = (paymentReference: string, secret: string): Promise<string> =>
  keyedDigest(secret, 'manage-booking-links', paymentReference);

/** What the database keeps of a token: its SHA-256, hex. */
export const manageTokenHash = (token: string): Promise<string> => sha256Hex(token);

/** A token's shape: 43 base64url characters (32 bytes). Anything else is refused unread. */
export const isManageToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export const managePath = (token: string) => `/manage-booking/${token}`;
