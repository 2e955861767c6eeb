/** The contact fields a booking and an order share: one rule each, one message each. */
import * as z from 'zod/mini';
import { contactMessages } from './contact-messages';
import { singleLine } from './plain-text';

export const personName = () =>
  z
    .string({ error: contactMessages.name })
    .check(singleLine(), z.trim(), z.minLength(2, contactMessages.name), z.maxLength(100));

export const emailAddress = () =>
  z
    .string({ error: contactMessages.email })
    .check(
      singleLine(contactMessages.email),
      z.trim(),
      z.toLowerCase(),
      z.maxLength(254),
      z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, contactMessages.email),
    );

export const phoneNumber = () =>
  z.string({ error: contactMessages.phone }).check(z.trim(), z.regex(/^\+?[\d\s()-]{7,20}$/, contactMessages.phone));

/** Who buys a package or joins a membership: the code and the receipts go to them. */
export const buyerFields = () => ({ buyerName: personName(), buyerEmail: emailAddress(), buyerPhone: phoneNumber() });
