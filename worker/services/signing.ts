/**
 * Keys and encodings the signed links share (unsubscribe, manage booking). Each purpose derives
 * its own HMAC key from the pepper secret with a label, so no key is ever the pepper itself and a
 * token of one purpose means nothing to another.
 */
const encoder = new TextEncoder();

export async function purposeKey(secret: string, purpose: string): Promise<CryptoKey> {
  const derived = await crypto.subtle.digest('SHA-256', encoder.encode(`${purpose}:${secret}`));
  return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

export const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export function fromBase64Url(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** HMAC-SHA256 of `text` under the purpose's key, base64url: a stable pseudonym nobody can reverse. */
export async function keyedDigest(secret: string, purpose: string, text: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await purposeKey(secret, purpose), encoder.encode(text));
  return toBase64Url(new Uint8Array(signature));
}
