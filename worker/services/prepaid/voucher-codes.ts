/**
 * A gift voucher's code and card link: random, made when the voucher is sent (and made anew by a
 * resend, which retires the old ones). The database keeps the code's SHA-256 and its last 4, the
 * card token's SHA-256, and the code sealed under the card token, so only the card's own link can
 * show it on the printable card. Nothing is derived from a Worker secret: rotating one breaks no
 * card and no code.
 */
import { normalizeVoucherCode } from '../../shared/prepaid/voucher-rules';
import { seal, unseal } from '../secret-box';
import { randomToken, sha256Hex } from '../signing';

/** 31 characters without look-alikes (no I, L, O, 0 or 1): 12 of them are about 59 bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 12;
/** The largest multiple of 31 a byte holds: bytes from it up are drawn again, so no letter is likelier. */
const UNBIASED_BELOW = 256 - (256 % CODE_ALPHABET.length);

/** A new code: 12 characters drawn uniformly from the alphabet by the platform's CSPRNG. */
export function newVoucherCode(): string {
  let code = '';
  while (code.length < VOUCHER_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(VOUCHER_CODE_LENGTH * 2))) {
      if (byte < UNBIASED_BELOW && code.length < VOUCHER_CODE_LENGTH)
        code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}

/** A new card link token: 32 random bytes, base64url (43 characters). */
export const newCardToken = randomToken;

export const voucherCardPath = (token: string) => `/gift-vouchers/card/${token}`;

/** What the database keeps of a code: the SHA-256 of its 12 characters. */
export const voucherCodeHash = (code: string) => sha256Hex(normalizeVoucherCode(code));

/**
 * What a voucher not yet sent keeps in its code and card columns: unique (they are UNIQUE) and
 * never a SHA-256, so no typed code or card link finds it.
 */
export const unsentMark = (voucherId: string) => `unsent:${voucherId}`;

const CARD_CODE_PURPOSE = 'gift-voucher-card-code';
const encoder = new TextEncoder();

/** The code sealed under its card's token, bound to the voucher. */
export const sealCodeForCard = (code: string, cardToken: string, voucherId: string) =>
  seal(cardToken, CARD_CODE_PURPOSE, voucherId, encoder.encode(code));

/** The code a card's token opens, or null (a voucher sent before codes were sealed, or another token). */
export async function openCodeOnCard(sealed: string | null, cardToken: string, voucherId: string) {
  if (!sealed) return null;
  const plain = await unseal(cardToken, CARD_CODE_PURPOSE, voucherId, sealed);
  return plain ? new TextDecoder().decode(plain) : null;
}
