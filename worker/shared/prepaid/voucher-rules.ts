/**
 * A gift voucher's limits, messages and code format, without zod: the Gift vouchers page carries
 * these on its first load (the schema, voucher-schema.ts, loads when the form is sent).
 */
import { contactMessages } from '../contact-messages';
import { groupDigits } from '../money.ts';
import { addDays, isIsoDate } from '../time';

export const VOUCHER_PRESETS = [20_000, 50_000, 100_000] as const;
export const MIN_VOUCHER = 5_000;
export const MAX_VOUCHER = 1_000_000;
export const MAX_VOUCHER_MESSAGE = 500;
/** Furthest a delivery date may be, in days from today. */
export const MAX_DELIVERY_DAYS = 365;

export const voucherMessages = {
  amount: `Please choose an amount from ₦${groupDigits(MIN_VOUCHER)} to ₦${groupDigits(MAX_VOUCHER)}, in whole naira.`,
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

/** A voucher form's fields as the API takes them: the website's and the desk's read the same names. */
export function voucherDetailsOf(
  text: (name: string) => string,
  value: { amount: number | undefined; treatment: string },
) {
  return {
    paymentType: 'voucher' as const,
    amount: value.treatment ? undefined : value.amount,
    treatment: value.treatment || undefined,
    buyerName: text('buyerName'),
    buyerEmail: text('buyerEmail'),
    recipientName: text('recipientName'),
    recipientEmail: text('recipientEmail'),
    recipientPhone: text('recipientPhone'),
    message: text('message'),
    deliverOn: text('deliverOn'),
  };
}
