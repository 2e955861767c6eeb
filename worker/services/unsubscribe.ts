/**
 * Unsubscribe links: the token is the waitlist entry's id and an HMAC of it, so it cannot be
 * guessed or altered, needs no table, and works however old the email is. The key is derived from
 * the pepper secret with a purpose label, so it is never the pepper itself.
 */
import { fromBase64Url, purposeKey, toBase64Url } from './signing';

const encoder = new TextEncoder();
const signingKey = (secret: string) => purposeKey(secret, 'unsubscribe-links');

export async function unsubscribeToken(entryId: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await signingKey(secret), encoder.encode(entryId));
  return `${entryId}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The waitlist entry a token names, or undefined for a malformed or forged token. */
export async function entryOfToken(token: string, secret: string): Promise<string | undefined> {
  const [entryId, signatureText, ...rest] = token.split('.');
  if (!entryId || !signatureText || rest.length > 0 || entryId.length > 64) return undefined;
  const signature = fromBase64Url(signatureText);
  if (!signature) return undefined;
  const valid = await crypto.subtle.verify(
    'HMAC',
    await signingKey(secret),
    signature as BufferSource,
    encoder.encode(entryId),
  );
  return valid ? entryId : undefined;
}
