/**
 * Admin password hashing: PBKDF2-SHA256 (100,000 iterations, the most deployed Workers accept)
 * over an HMAC of the password keyed by a secret pepper, so a leaked hash alone cannot be
 * brute-forced. Stored as `pbkdf2-sha256:<iterations>:<salt base64>:<hash base64>` (no `$`, which .dev.vars would expand).
 * Plain WebCrypto with no imports: the `hash-password` script runs this file on Node too.
 */

export const PBKDF2_ITERATIONS = 100_000;
const SCHEME = 'pbkdf2-sha256';
const encoder = new TextEncoder();

export async function hashPassword(password: string, pepper: string, salt?: Uint8Array): Promise<string> {
  const saltBytes = salt ?? crypto.getRandomValues(new Uint8Array(16));
  const derived = await derive(password, pepper, saltBytes, PBKDF2_ITERATIONS);
  return [SCHEME, PBKDF2_ITERATIONS, toBase64(saltBytes), toBase64(derived)].join(':');
}

/** True when `password` matches `stored`; compares in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split(':');
  const iterations = Number(iterationsText);
  // More iterations than the deployed runtime accepts would throw there: treat as malformed.
  const usable = Number.isInteger(iterations) && iterations >= 1 && iterations <= PBKDF2_ITERATIONS;
  if (scheme !== SCHEME || !usable || !saltText || !hashText) {
    return false;
  }
  const expected = fromBase64(hashText);
  const actual = await derive(password, pepper, fromBase64(saltText), iterations);
  return constantTimeEqual(actual, expected);
}

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const pepperKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(pepper),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const peppered = await crypto.subtle.sign('HMAC', pepperKey, encoder.encode(password));
  const baseKey = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    baseKey,
    256,
  );
  return new Uint8Array(bits);
}

/** Compares two strings in time that does not depend on where they differ (their digests are compared). */
export async function constantTimeTextEqual(a: string, b: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return constantTimeEqual(await digest(a), await digest(b));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < a.length; index++) {
    difference |= (a[index] ?? 0) ^ (b[index % (b.length || 1)] ?? 0);
  }
  return difference === 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}
