/**
 * Secrets the database must keep but never show (an authenticator app's shared key): sealed with
 * AES-GCM under a key derived by HKDF from a Worker secret and the purpose, and bound to what
 * they belong to (the account), so a copy of the database, or a sealed value moved to another
 * row, opens nothing.
 */
import { fromBase64Url, toBase64Url } from './signing';

const encoder = new TextEncoder();
const salt = encoder.encode('spa-studio sealed secrets v1');
const VERSION = 'v1';

async function cipherKey(secret: string, purpose: string): Promise<CryptoKey> {
  const master = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(purpose) },
    master,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** `v1.<iv>.<ciphertext>` (base64url): `plain` sealed for `owner` under the purpose's key. */
export async function seal(secret: string, purpose: string, owner: string, plain: Uint8Array): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(owner) },
    await cipherKey(secret, purpose),
    plain,
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** What `seal` sealed for `owner`, or null when it is not such a value (altered, another owner or key). */
export async function unseal(secret: string, purpose: string, owner: string, text: string): Promise<Uint8Array | null> {
  const [version, iv, body] = text.split('.');
  const ivBytes = iv ? fromBase64Url(iv) : undefined;
  const bodyBytes = body ? fromBase64Url(body) : undefined;
  if (version !== VERSION || !ivBytes || !bodyBytes) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: ivBytes, additionalData: encoder.encode(owner) },
      await cipherKey(secret, purpose),
      bodyBytes,
    );
    return new Uint8Array(plain);
  } catch {
    return null;
  }
}

/** Whether a stored value is sealed (an older row may still hold its secret as is). */
export const isSealed = (text: string) => text.startsWith(`${VERSION}.`);
