/** How the providers sign their webhooks: an HMAC of the raw body, hex (Paystack SHA-512, Meta SHA-256). */
export async function hmacHex(hash: 'SHA-256' | 'SHA-512', secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash }, false, [
    'sign',
  ]);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
