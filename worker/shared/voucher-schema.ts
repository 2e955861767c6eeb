/**
 * A gift voucher's purchase details, shared by the Gift vouchers page (its messages) and the API
 * (`paymentType: "voucher"` on initialize, and the desk's sale): an amount (a preset or a free
 * one from ₦5,000 to ₦1,000,000) or a treatment, who buys it, who receives it (an email, a
 * WhatsApp number or both), a message, and the day it is sent (today or up to a year ahead).
 */
import * as z from 'zod/mini';
import { contactMessages } from './contact-messages';
import { emailAddress, personName } from './contact-schema';
import { multiLine, singleLine } from './plain-text';
import { addDays, isIsoDate } from './time';

export const VOUCHER_PRESETS = [20_000, 50_000, 100_000] as const;
export const MIN_VOUCHER = 5_000;
export const MAX_VOUCHER = 1_000_000;
export const MAX_VOUCHER_MESSAGE = 500;
/** Furthest a delivery date may be, in days from today. */
export const MAX_DELIVERY_DAYS = 365;

export const voucherMessages = {
  amount: `Please choose an amount from ₦${MIN_VOUCHER.toLocaleString('en-NG')} to ₦${MAX_VOUCHER.toLocaleString('en-NG')}, in whole naira.`,
  amountOrTreatment: 'Please choose an amount or a treatment.',
  recipientName: 'Please enter the recipient’s name',
  recipientContact: 'Please give the recipient’s email address, WhatsApp number, or both.',
  recipientEmail: 'Please enter a valid email address for the recipient',
  recipientPhone: 'Please enter a valid WhatsApp number for the recipient',
  message: `Please keep the message to ${MAX_VOUCHER_MESSAGE} characters.`,
  deliverOn: 'Please choose a delivery date from today to a year ahead.',
  buyerName: contactMessages.name,
  buyerEmail: contactMessages.email,
} as const;

/** An optional field a form may send empty: '' counts as not given. */
const optionalText = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

/** The purchase's fields; the schemas below add the rules across them. */
export const voucherFields = {
  paymentType: z.literal('voucher'),
  /** Whole naira; ignored when a treatment is chosen (its price is the amount). */
  amount: z.optional(z.number({ error: voucherMessages.amount })),
  /** A treatment's name on the menu. */
  treatment: optionalText(z.string().check(singleLine(), z.trim(), z.maxLength(60))),
  buyerName: personName(),
  buyerEmail: emailAddress(),
  recipientName: z
    .string({ error: voucherMessages.recipientName })
    .check(singleLine(), z.trim(), z.minLength(2, voucherMessages.recipientName), z.maxLength(100)),
  recipientEmail: optionalText(
    z
      .string({ error: voucherMessages.recipientEmail })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(254, voucherMessages.recipientEmail),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, voucherMessages.recipientEmail),
      ),
  ),
  recipientPhone: optionalText(
    z
      .string({ error: voucherMessages.recipientPhone })
      .check(z.trim(), z.regex(/^\+?[\d\s()-]{7,20}$/, voucherMessages.recipientPhone)),
  ),
  message: optionalText(
    z
      .string({ error: voucherMessages.message })
      .check(multiLine(), z.trim(), z.maxLength(MAX_VOUCHER_MESSAGE, voucherMessages.message)),
  ),
  deliverOn: z.string({ error: voucherMessages.deliverOn }).check(z.refine(isIsoDate, voucherMessages.deliverOn)),
};

/** Someone to send it to, and something to send. */
export const voucherRules = z.superRefine(
  (details: { recipientEmail?: string; recipientPhone?: string; treatment?: string; amount?: number }, context) => {
    if (!details.recipientEmail && !details.recipientPhone) {
      context.issues.push({
        code: 'custom',
        message: voucherMessages.recipientContact,
        path: ['recipientEmail'],
        input: details,
      });
    }
    if (!details.treatment && details.amount === undefined) {
      context.issues.push({
        code: 'custom',
        message: voucherMessages.amountOrTreatment,
        path: ['amount'],
        input: details,
      });
    }
  },
);

export const voucherDetailsSchema = z.object(voucherFields).check(voucherRules);

export type VoucherDetails = z.output<typeof voucherDetailsSchema>;
export type VoucherDetailsInput = z.input<typeof voucherDetailsSchema>;

/** A free amount the page and the server accept: whole naira within the limits. */
export const isVoucherAmount = (amount: number) =>
  Number.isInteger(amount) && amount >= MIN_VOUCHER && amount <= MAX_VOUCHER;

/** A delivery date from `today` (Lagos) to a year ahead. */
export const isDeliveryDate = (date: string, today: string) =>
  isIsoDate(date) && date >= today && date <= addDays(today, MAX_DELIVERY_DAYS);

/** A voucher code as printed: 12 characters in groups of four (ABCD-EFGH-JKMN). */
export const formatVoucherCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** A code as typed (any case, spaces or dashes): its 12 characters, upper case. */
export const normalizeVoucherCode = (typed: string) => typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
