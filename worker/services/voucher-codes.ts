/**
 * A gift voucher's code and card link, derived from its purchase's reference with the manage-link
 * secret (each its own purpose): 12 characters of an alphabet without look-alikes (no I, L, O, 0
 * or 1: about 59 bits), so the database keeps only the code's SHA-256 and its last 4, and delivery
 * and a resend can write it again.
 */
import { normalizeVoucherCode } from '../shared/voucher-rules';
import { fromBase64Url, keyedDigest, sha256Hex } from './signing';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const VOUCHER_CODE_LENGTH = 12;

/** The voucher's code: 12 characters drawn from an HMAC of its purchase's reference. */
export async function voucherCode(reference: string, secret: string): Promise<string> {
  const digest = fromBase64Url(await keyedDigest(secret, 'gift-voucher-codes', reference)) ?? new Uint8Array();
  let value = digest.reduce((number, byte) => (number << 8n) | BigInt(byte), 0n);
  let code = '';
  for (let index = 0; index < VOUCHER_CODE_LENGTH; index += 1) {
    code += CODE_ALPHABET[Number(value % 31n)];
    value /= 31n;
  }
  return code;
}

/** The printable card's link token (its own purpose: a card link is not a code). */
export const voucherCardToken = (reference: string, secret: string) =>
  keyedDigest(secret, 'gift-voucher-cards', reference);

export const voucherCardPath = (token: string) => `/gift-vouchers/card/${token}`;

/** What the database keeps of a code: the SHA-256 of its 12 characters. */
export const voucherCodeHash = (code: string) => sha256Hex(normalizeVoucherCode(code));
