/**
 * Keys and encodings the signed links and digests share (unsubscribe, waitlist confirmation,
 * manage booking, client addresses). Each purpose derives its own HMAC key from its secret with
 * HKDF and the purpose as the label, so no key is ever a secret itself and a token of one purpose
 * means nothing to another. Which secret serves which purpose is the caller's (see the README's
 * configuration): the pepper keys passwords alone.
 */
const encoder = new TextEncoder();
const salt = encoder.encode('spa-studio signing keys v1');

/**
 * Derived keys, kept for the isolate's life (by secret and purpose: a changed secret derives anew):
 * a key is derived once, not on every link or digest a request checks.
 */
const derived = new Map<string, Promise<CryptoKey>>();

export function purposeKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  const known = derived.get(id);
  if (known) return known;
  const key = crypto.subtle
    .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
    .then((master) =>
      crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(purpose) },
        master,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      ),
    );
  // A derivation that failed is not kept: the next call tries again.
  key.catch(() => derived.delete(id));
  derived.set(id, key);
  return key;
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

/** SHA-256 of `text`, hex: what the database or KV keeps of a bearer token, never the token. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** 256 random bits, base64url (43 characters): a session id, a payer key. */
export const randomToken = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
