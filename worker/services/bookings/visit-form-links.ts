/**
 * A visit's health form link: `/visit-form/<booking id>.<mac>`. The mac is an HMAC of the booking's
 * id under a key derived from MANAGE_LINK_SECRET with its own purpose label: the link opens that
 * one visit's form, cannot be guessed or altered, and needs nothing stored.
 */
import { keyedDigest } from '../signing';

const PURPOSE = 'visit-form-links';

export const visitFormToken = async (bookingId: string, secret: string) =>
  `${bookingId}.${await keyedDigest(secret, PURPOSE, bookingId)}`;

export const visitFormPath = (token: string) => `/visit-form/${token}`;
