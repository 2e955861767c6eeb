/**
 * Signed links to one waitlist entry (unsubscribe, confirm the address): the token is the entry's
 * id and an HMAC of it under a key of its purpose (derived from LINK_SECRET), so it cannot be
 * guessed or altered, needs no table, and a token of one purpose opens nothing of another.
 */
import { fromBase64Url, purposeKey, toBase64Url } from '../signing';

const encoder = new TextEncoder();
type Purpose = 'unsubscribe-links' | 'waitlist-confirm-links';

async function entryToken(entryId: string, secret: string, purpose: Purpose): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await purposeKey(secret, purpose), encoder.encode(entryId));
  return `${entryId}.${toBase64Url(new Uint8Array(signature))}`;
}

async function entryOfSignedToken(token: string, secret: string, purpose: Purpose): Promise<string | undefined> {
  const [entryId, signatureText, ...rest] = token.split('.');
  if (!entryId || !signatureText || rest.length > 0 || entryId.length > 64) return undefined;
  const signature = fromBase64Url(signatureText);
  if (!signature) return undefined;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await purposeKey(secret, purpose),
    signature as BufferSource,
    encoder.encode(entryId),
  );
  return valid ? entryId : undefined;
}

export const unsubscribeToken = (entryId: string, secret: string) => entryToken(entryId, secret, 'unsubscribe-links');

/** The waitlist entry an unsubscribe token names, or undefined for a malformed or forged token. */
export const entryOfToken = (token: string, secret: string) => entryOfSignedToken(token, secret, 'unsubscribe-links');

export const confirmToken = (entryId: string, secret: string) => entryToken(entryId, secret, 'waitlist-confirm-links');

/** The waitlist entry a confirmation token names, or undefined for a malformed or forged token. */
export const entryOfConfirmToken = (token: string, secret: string) =>
  entryOfSignedToken(token, secret, 'waitlist-confirm-links');
