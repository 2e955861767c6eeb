/**
 * A client's own page: how they sign in (a 6-digit code to their email or WhatsApp), its limits,
 * and the words for each. Shared by the API and the /account page.
 */
import * as z from 'zod/mini';
import { singleLine } from './plain-text';

/** Minutes a code works. */
export const ACCOUNT_CODE_MINUTES = 10;
/**
 * Codes one address may ask for in ACCOUNT_CODE_WINDOW_MINUTES. No longer limit than the window:
 * anyone may ask for anyone's address, so a longer lock (it was 8 a day) let a stranger keep a
 * client from their page for a day.
 */
export const ACCOUNT_CODES_PER_ADDRESS = 3;
export const ACCOUNT_CODE_WINDOW_MINUTES = 15;
/**
 * Codes sent to one address in a rolling hour: past them a request is answered the same and sends
 * nothing (the codes already sent still work), so a stranger cannot flood a client's inbox.
 */
export const ACCOUNT_MESSAGES_PER_HOUR = 5;
/**
 * Wrong codes an address may be tried with in ACCOUNT_GUESS_WINDOW_MINUTES, across all its live
 * codes and from any network: 10 guesses of a million every 15 minutes (under 1 in 1,000 a day),
 * and a lock that ends 15 minutes after the stranger stops.
 */
export const ACCOUNT_GUESSES_PER_ADDRESS = 10;
/** Wrong codes one network may try in ACCOUNT_GUESS_WINDOW_MINUTES, whatever the addresses. */
export const ACCOUNT_GUESSES_PER_NETWORK = 20;
export const ACCOUNT_GUESS_WINDOW_MINUTES = 15;
/** Codes one network may ask for in an hour (a shared carrier address serves many people). */
export const ACCOUNT_CODES_PER_NETWORK = 20;
/** Days a signed-in browser stays signed in. */
export const ACCOUNT_SESSION_DAYS = 30;

export const accountMessages = {
  contact: 'Please enter your email address or WhatsApp number.',
  code: 'Please enter the 6-digit code we sent you.',
  sent: `If we know this address, a 6-digit code is on its way to it. It works for ${ACCOUNT_CODE_MINUTES} minutes.`,
  tooManyCodes: `Too many codes were asked for this address. Please wait ${ACCOUNT_CODE_WINDOW_MINUTES} minutes and try again.`,
  busyNetwork:
    'Many codes were asked for from your connection. Please try again in an hour, or message us on WhatsApp.',
  wrongCode: (left: number) => `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  codeUsedUp: 'That code has run out or was used. Please ask for a new one.',
  tooManyTries: `Too many wrong codes were tried for this address. Please wait ${ACCOUNT_GUESS_WINDOW_MINUTES} minutes and ask for a new code.`,
  busyNetworkTries: `Many wrong codes were tried from your connection. Please wait ${ACCOUNT_GUESS_WINDOW_MINUTES} minutes and try again.`,
  signedOut: 'Please sign in to see your page.',
  noReceipt: 'That receipt is not one of yours.',
  noMembership: 'You have no membership to manage.',
  manageLater: 'Your membership cannot be managed online just now. Please try again in a minute, or message us.',
} as const;

/** An email address or a WhatsApp number, as typed. */
const contact = () =>
  z
    .string({ error: accountMessages.contact })
    .check(singleLine(accountMessages.contact), z.trim(), z.minLength(3, accountMessages.contact), z.maxLength(254));

export const codeRequestSchema = () => z.object({ contact: contact() });

export const signInSchema = () =>
  z.object({
    contact: contact(),
    code: z.string({ error: accountMessages.code }).check(z.trim(), z.regex(/^\d{6}$/, accountMessages.code)),
  });

/**
 * The address as the studio's records key it: `email:<address>` (lower case) or
 * `phone:<digits>` (0803… as 234803…), and where the code goes; undefined when it is neither.
 */
export function contactKeyOf(typed: string): { key: string; channel: 'email' | 'whatsapp'; to: string } | undefined {
  const text = typed.trim();
  if (text.includes('@')) {
    const email = text.toLowerCase();
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
      ? { key: `email:${email}`, channel: 'email', to: email }
      : undefined;
  }
  if (!/^\+?[\d\s()-]{7,20}$/.test(text)) return undefined;
  const digits = text.replace(/\D/g, '');
  const phone = digits.startsWith('0') && digits.length === 11 ? `234${digits.slice(1)}` : digits;
  return { key: `phone:${phone}`, channel: 'whatsapp', to: text };
}
