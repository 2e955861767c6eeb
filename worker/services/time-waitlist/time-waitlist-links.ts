/**
 * The waitlist's private links: `/time-waitlist/<entry id>.<mac>` (see or leave an entry) and
 * `/waitlist-offer/<offer reference>.<mac>` (book or decline an offered place). Each mac is an
 * HMAC of the id under a key derived from MANAGE_LINK_SECRET with its own purpose label: a link
 * opens that one entry or offer, cannot be guessed or altered, and needs nothing stored.
 */

import { keyedDigest } from '../signing';
import { constantTimeTextEqual } from '../staff/password';

const ENTRY_PURPOSE = 'time-waitlist-entry-links';
const OFFER_PURPOSE = 'time-waitlist-offer-links';

export const entryToken = async (entryId: string, secret: string) =>
  `${entryId}.${await keyedDigest(secret, ENTRY_PURPOSE, entryId)}`;

export const offerToken = async (reference: string, secret: string) =>
  `${reference}.${await keyedDigest(secret, OFFER_PURPOSE, reference)}`;

export const entryPath = (token: string) => `/time-waitlist/${token}`;
export const offerPath = (token: string) => `/waitlist-offer/${token}`;

/** A new offer's reference: what its time blocks are held under. */
export const newOfferReference = () => `WO-${crypto.randomUUID()}`;

/** The entry id a token names, or undefined for a token that is not one (altered, made up). */
export async function entryOfToken(token: string, secret: string): Promise<string | undefined> {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match?.[1]) return undefined;
  return (await constantTimeTextEqual(token, await entryToken(match[1], secret))) ? match[1] : undefined;
}

/** The offer reference a token names, or undefined. */
export async function offerOfToken(token: string, secret: string): Promise<string | undefined> {
  const match = /^(WO-[0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  if (!match?.[1]) return undefined;
  return (await constantTimeTextEqual(token, await offerToken(match[1], secret))) ? match[1] : undefined;
}
