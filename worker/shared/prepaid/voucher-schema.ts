/**
 * A gift voucher's purchase details, shared by the Gift vouchers page (its messages) and the API
 * (`paymentType: "voucher"` on initialize, and the desk's sale): an amount (a preset or a free
 * one from ₦5,000 to ₦1,000,000) or a treatment, who buys it, who receives it (an email, a
 * WhatsApp number or both), a message, and the day it is sent (today or up to a year ahead).
 */
import * as z from 'zod/mini';
import { emailAddress, personName } from '../contact-schema';
import { multiLine, singleLine } from '../plain-text';
import { isIsoDate } from '../time';
import { MAX_VOUCHER_MESSAGE, voucherMessages } from './voucher-rules';

export * from './voucher-rules';

/** An optional field a form may send empty: '' counts as not given. */
const optionalText = <T extends z.ZodMiniType>(schema: T) => z.optional(z.union([z.literal(''), schema]));

/** The purchase's fields; the schemas below add the rules across them. */
export const voucherFields = () => ({
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
});

/** Someone to send it to, and something to send. */
export const voucherRules = () =>
  z.superRefine(
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

export const voucherDetailsSchema = () => z.object(voucherFields()).check(voucherRules());

export type VoucherDetails = z.output<ReturnType<typeof voucherDetailsSchema>>;
export type VoucherDetailsInput = z.input<ReturnType<typeof voucherDetailsSchema>>;
