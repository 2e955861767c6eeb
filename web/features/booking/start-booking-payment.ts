/**
 * Paying for a booking: the draft checked field by field and turned into the API's booking
 * details, the checkout started, and the pending payment remembered. Loaded when the visitor
 * pays, so the booking page's first load carries none of it.
 */

import { bookingMessages } from '../../../worker/shared/bookings/booking';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import { healthAnswerKeys } from '../../../worker/shared/bookings/health-answers';
import { nairaToKobo } from '../../../worker/shared/money';
import { paths } from '../../config/paths';
import { api, request } from '../../lib/api-client';
import { savePendingPayment } from '../../lib/pending-payment';
import type { PaymentChoice } from '../checkout-payment/applied-codes';
import { type BookingDraft, datePassedMessage, type FieldErrors } from './booking-draft';

/** The draft as the API's booking details (numbers parsed, empty optionals left out). */
export function toDetails(draft: BookingDraft, choice?: PaymentChoice): BookingDetailsInput {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value));
  return {
    paymentType: 'booking',
    service: draft.service as BookingDetailsInput['service'],
    subservices: draft.subservices,
    appointmentDate: draft.appointmentDate,
    appointmentTime: draft.appointmentTime as BookingDetailsInput['appointmentTime'],
    therapistId: draft.therapistId && draft.therapistId !== 'any' ? draft.therapistId : undefined,
    customerName: draft.customerName,
    customerEmail: draft.customerEmail,
    customerPhone: draft.customerPhone,
    notes: draft.notes || undefined,
    referralSource: draft.referralSource || undefined,
    previousMassageTherapy: draft.previousMassageTherapy,
    onMedication: draft.onMedication,
    medicationDetails: draft.onMedication ? draft.medicationDetails : undefined,
    exercising: draft.exercising,
    exerciseFrequency: draft.exercising ? number(draft.exerciseFrequency) : undefined,
    exerciseHours: draft.exercising ? number(draft.exerciseHours) : undefined,
    healthConditions: draft.healthConditions,
    disclaimerAgreed: draft.disclaimerAgreed as true,
    amount: choice?.amount,
    couponCode: choice?.coupon?.code,
    voucherCode: choice?.voucher?.code,
    packageCode: choice?.package?.code,
  };
}

/** Starts the checkout of the booking and goes to it; the confirmation page verifies on return. */
export function startBookingPayment(draft: BookingDraft, choice: PaymentChoice): Promise<void> {
  return openBookingCheckout(toDetails(draft, choice), choice.amount);
}

/**
 * Opens the checkout of a booking's `details` for `amount` naira (the booking form's, or a place
 * offered from the waitlist) and goes to it, remembering the pending payment.
 */
export async function openBookingCheckout(details: BookingDetailsInput, amount: number): Promise<void> {
  const result = await request(
    // POST with a JSON body: the health answers and contact details never sit in a URL.
    api.payment.initialize.$post({
      json: {
        amount: nairaToKobo(amount),
        email: details.customerEmail,
        metadata: JSON.stringify({ details }),
        callback_url: `${window.location.origin}${paths.bookingConfirmation}`,
      },
    }),
  );
  savePendingPayment({
    kind: 'booking',
    reference: result.data.reference,
    summary: details.subservices,
    amount,
  });
  window.location.assign(result.data.authorization_url);
}

/** What is wrong with each field of the draft, in the API's own words (its schema, loaded on the first submit). */
export async function fieldErrorsOf(draft: BookingDraft, today: string | undefined): Promise<FieldErrors> {
  const { bookingDetailsSchema } = await import('../../../worker/shared/bookings/booking-schema');
  const result = bookingDetailsSchema().safeParse(toDetails(draft));
  const found: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0]) as keyof BookingDraft;
      if (field !== 'disclaimerAgreed' && !found[field]) found[field] = issue.message;
    }
  }
  // The schema checks medication details only once every field is valid; ask for them now.
  if (draft.onMedication && !draft.medicationDetails.trim())
    found.medicationDetails = bookingMessages.medicationDetails;
  if (today && draft.appointmentDate && draft.appointmentDate < today) found.appointmentDate = datePassedMessage;
  if (!draft.appointmentDate) found.appointmentDate = bookingMessages.date;
  return found;
}

/** The draft's fields in the form's order: its problems are listed, and the first focused, in it. */
const formOrder: Array<keyof BookingDraft> = [
  'service',
  'subservices',
  'appointmentDate',
  'appointmentTime',
  'customerName',
  'customerEmail',
  'customerPhone',
  'previousMassageTherapy',
  ...healthAnswerKeys,
  'disclaimerAgreed',
];

/**
 * Everything that stops the booking, all at once and in the form's order: the treatments, each
 * field, the disclaimer. None: the booking can go on to payment.
 */
export async function problemsOf(draft: BookingDraft, today: string | undefined) {
  const found = await fieldErrorsOf(draft, today);
  if (draft.subservices.length === 0) found.subservices = bookingMessages.noOption;
  if (!draft.disclaimerAgreed) found.disclaimerAgreed = bookingMessages.noDisclaimer;
  const fields = (Object.keys(found) as Array<keyof BookingDraft>).sort(
    (a, b) => (formOrder.indexOf(a) + 1 || formOrder.length + 1) - (formOrder.indexOf(b) + 1 || formOrder.length + 1),
  );
  return { errors: found, fields, messages: fields.map((field) => found[field] ?? '') };
}

/**
 * "This booking needs payment in full" when the studio's no-show rule asks it of this visitor and
 * a chosen treatment takes a deposit; else undefined. Asked once the email and phone are given, as
 * the visitor confirms. Unanswered (offline, too many tries), the deposit is offered and the
 * server, which decides, says the amount if it differs.
 */
export async function paymentInFullNote(
  draft: BookingDraft,
  menu: ReadonlyArray<{ name: string; depositPercent?: number }>,
): Promise<string | undefined> {
  const deposit = draft.subservices.some((name) => {
    const percent = menu.find((each) => each.name === name)?.depositPercent ?? 0;
    return percent > 0 && percent < 100;
  });
  if (!deposit) return undefined;
  try {
    const terms = await request(
      api['booking-terms'].$post({ json: { email: draft.customerEmail, phone: draft.customerPhone } }),
    );
    return terms.payInFull ? 'This booking needs payment in full' : undefined;
  } catch {
    return undefined;
  }
}
