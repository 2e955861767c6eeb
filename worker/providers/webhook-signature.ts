/**
 * Providers sign their webhooks with an HMAC of the raw body in hex (Paystack: SHA-512 with the
 * secret key; Meta: SHA-256 with the app secret). WebCrypto's verify compares in constant time.
 */
export async function isValidHmacSignature(
  hash: 'SHA-256' | 'SHA-512',
  rawBody: string,
  signatureHex: string | undefined,
  secret: string | undefined,
): Promise<boolean> {
  if (!signatureHex || !secret) return false;
  const bytes = hexToBytes(signatureHex.trim());
  if (!bytes) return false;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash }, false, [
    'verify',
  ]);
  return crypto.subtle.verify('HMAC', key, bytes as BufferSource, new TextEncoder().encode(rawBody));
}

function hexToBytes(hex: string): Uint8Array | undefined {
  if (!/^[0-9a-f]+$/i.test(hex) || hex.length % 2 !== 0) return undefined;
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}
