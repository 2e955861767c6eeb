/**
 * Packages of prepaid sessions: their limits and the words for each, shared by the database's
 * checks (db/schema.ts), the API's validation and the staff's Packages screen.
 */
import * as z from 'zod/mini';
import { MAX_PRICE } from '../catalogue/catalogue-rules';
import { buyerFields, emailAddress, personName, phoneNumber } from '../contact-schema';
import { groupDigits } from '../money';
import { filled, singleLine } from '../plain-text';

export const PACKAGE_SESSIONS = { min: 2, max: 20 } as const;
export const PACKAGE_VALID_MONTHS = { min: 1, max: 24 } as const;
export const PACKAGE_NAME_MAX = 60;
/** Treatments one package may cover. */
export const PACKAGE_TREATMENTS_MAX = 30;

export const packageMessages = {
  name: `Please give a name (at most ${PACKAGE_NAME_MAX} characters).`,
  nameTaken: (name: string) => `There is already a package called ${name}. Please choose another name.`,
  treatments: 'Please choose the treatments the package covers, from the menu.',
  sessions: `A package has ${PACKAGE_SESSIONS.min} to ${PACKAGE_SESSIONS.max} sessions.`,
  price: `Please give a price in whole naira, from ₦1 to ₦${groupDigits(MAX_PRICE)}.`,
  validMonths: `A package is valid for ${PACKAGE_VALID_MONTHS.min} to ${PACKAGE_VALID_MONTHS.max} months from its purchase.`,
  shown: 'Say whether the package is shown: true or false.',
  notFound: 'No such package.',
  /** Buying one that staff hid (or removed) meanwhile. */
  notOffered: 'This package is no longer offered. Please choose from the packages as they are now.',
  /** An unknown, used-up, expired or void code alike: a code is not to be guessed. */
  unusable: 'This package code is invalid, expired or used up.',
  notCovered: packageNotCovered,
  sessionsChanged:
    'Your package’s sessions changed while you were paying (one was used elsewhere). Please apply it again.',
  code: 'Please enter a package code.',
  deskContact: 'Please give the buyer’s email or WhatsApp number: the package code is sent there.',
  deskPayment: 'Say how it was paid: cash, transfer or pos.',
  tooManyOpen: (holds: number, minutes: number) =>
    `You already have ${holds} packages waiting for payment. Please finish paying for one of them, or try again in ${minutes} minutes.`,
} as const;

const name = () =>
  z
    .string({ error: packageMessages.name })
    .check(
      singleLine(packageMessages.name),
      z.trim(),
      z.minLength(1, packageMessages.name),
      z.maxLength(PACKAGE_NAME_MAX, packageMessages.name),
    );
const treatments = () =>
  z
    .array(filled(64, packageMessages.treatments), {
      error: packageMessages.treatments,
    })
    .check(z.minLength(1, packageMessages.treatments), z.maxLength(PACKAGE_TREATMENTS_MAX, packageMessages.treatments));
const whole = (range: { min: number; max: number }, message: string) =>
  z.int({ error: message }).check(z.minimum(range.min, message), z.maximum(range.max, message));

const fields = () => ({
  name: name(),
  treatments: treatments(),
  sessions: whole(PACKAGE_SESSIONS, packageMessages.sessions),
  price: whole({ min: 1, max: MAX_PRICE }, packageMessages.price),
  validMonths: whole(PACKAGE_VALID_MONTHS, packageMessages.validMonths),
  shown: z._default(z.boolean({ error: packageMessages.shown }), true),
});

export const newPackageSchema = () => z.object(fields());
export const packageChangeSchema = () =>
  z.partial(z.object({ ...fields(), shown: z.boolean({ error: packageMessages.shown }) }));

export type NewPackage = z.output<ReturnType<typeof newPackageSchema>>;
export type PackageChange = z.output<ReturnType<typeof packageChangeSchema>>;

export { type PackageOffer, packageValue } from './package-value';

import { packageNotCovered } from './package-value';

/** A package's purchase (`paymentType: "package"` on initialize): which one, and who buys it. */
export const packagePurchaseSchema = () =>
  z.object({
    paymentType: z.literal('package'),
    packageId: filled(64, packageMessages.notOffered),
    ...buyerFields(),
  });

export type PackagePurchase = z.output<ReturnType<typeof packagePurchaseSchema>>;

/** An optional field a form may send empty: '' counts as not given. */
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

/** A sale at the desk: the buyer (an email, a WhatsApp number or both: the code goes there) and how they paid. */
export const deskPackageSaleSchema = () =>
  z
    .object({
      buyerName: personName(),
      buyerEmail: optional(emailAddress()),
      buyerPhone: optional(phoneNumber()),
      payment: z.enum(['cash', 'transfer', 'pos'], { error: packageMessages.deskPayment }),
    })
    .check(
      z.refine((sale) => Boolean(sale.buyerEmail || sale.buyerPhone), {
        message: packageMessages.deskContact,
        path: ['buyerEmail'],
      }),
    );

export type DeskPackageSale = z.output<ReturnType<typeof deskPackageSaleSchema>>;
