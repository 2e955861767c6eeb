// A passkey as a phone would hold it, for the tests: a P-256 key pair made with WebCrypto, its public
// key in the COSE form WebAuthn registers, and assertions signed as an authenticator signs them
// (authenticator data, then the SHA-256 of the client data; an ES256 signature in DER). So a test
// signs a real challenge and the server's own check (SimpleWebAuthn) verifies it.
import { toBase64Url } from '../../../worker/services/signing';

const encoder = new TextEncoder();
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
const concat = (...parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

/** The COSE_Key of an EC2 P-256 ES256 public key (RFC 9053): a CBOR map of kty, alg, crv, x and y. */
function coseKey(raw: Uint8Array): Uint8Array {
  const x = raw.slice(1, 33);
  const y = raw.slice(33, 65);
  // {1: 2, 3: -7, -1: 1, -2: x, -3: y}
  return concat(
    new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    x,
    new Uint8Array([0x22, 0x58, 0x20]),
    y,
  );
}

/** An ASN.1 INTEGER of a big-endian unsigned number (no leading zeros, a 0 before a high bit). */
function derInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  let body = bytes.slice(start);
  if ((body[0] ?? 0) & 0x80) body = concat(new Uint8Array([0]), body);
  return concat(new Uint8Array([0x02, body.length]), body);
}

/** WebCrypto's r‖s as the DER SEQUENCE WebAuthn's ES256 signatures are. */
function derSignature(raw: Uint8Array): Uint8Array {
  const sequence = concat(derInteger(raw.slice(0, 32)), derInteger(raw.slice(32)));
  return concat(new Uint8Array([0x30, sequence.length]), sequence);
}

export async function newTestPasskey() {
  const keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', keys.publicKey)) as ArrayBuffer);
  const id = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  let counter = 0;
  return {
    id,
    /** What the database keeps of it (staff_passkeys.public_key): the COSE key, base64url. */
    publicKey: toBase64Url(coseKey(raw)),
    /** The authenticator's answer to `challenge` on `origin`: user present and verified. */
    async sign(challenge: string, origin: string) {
      counter += 1;
      const rpIdHash = await sha256(encoder.encode(new URL(origin).hostname));
      const flags = new Uint8Array([0x05]);
      const count = new Uint8Array([0, 0, 0, counter]);
      const authenticatorData = concat(rpIdHash, flags, count);
      const clientData = encoder.encode(
        JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
      );
      const signed = concat(authenticatorData, await sha256(clientData));
      const signature = new Uint8Array(
        await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, keys.privateKey, signed),
      );
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: toBase64Url(clientData),
          authenticatorData: toBase64Url(authenticatorData),
          signature: toBase64Url(derSignature(signature)),
        },
        clientExtensionResults: {},
      };
    },
  };
}
