/**
 * The schema of the details a booking is paid with (the spec's "booking payment details"): the
 * API validates the payload with it, and the booking page validates the form with it on submit.
 */
import * as z from 'zod/mini';
import { emailAddress, personName, phoneNumber } from '../contact-schema';
import { multiLine, singleLine } from '../plain-text';
import { isIsoDate } from '../time';
import { bookingMessages, bookingServices, healthConditions, referralSources } from './booking';
import { anyStartTimes } from './schedule';

/** Most treatments one visit can take; the names themselves are checked against the menu when priced. */
const MAX_TREATMENTS = 20;

const line = (max: number) => z.optional(z.string().check(singleLine(), z.trim(), z.maxLength(max)));
const lines = (max: number) => z.optional(z.string().check(multiLine(), z.trim(), z.maxLength(max)));

/** The health questions and the consent: asked when booking online, or later by the visit's form link. */
const healthFields = () => ({
  notes: lines(1000),
  previousMassageTherapy: z._default(z.boolean(), false),
  onMedication: z._default(z.boolean(), false),
  medicationDetails: line(500),
  exercising: z._default(z.boolean(), false),
  exerciseFrequency: z.optional(z.int().check(z.minimum(0), z.maximum(14))),
  exerciseHours: z.optional(z.int().check(z.minimum(0), z.maximum(40))),
  healthConditions: z._default(z.array(z.enum(healthConditions)).check(z.maxLength(healthConditions.length)), []),
  disclaimerAgreed: z.literal(true, { error: bookingMessages.noDisclaimer }),
});

/** On medication, say which. */
const medicationNamed = () =>
  z.refine<{ onMedication: boolean; medicationDetails?: string }>(
    (details) => !details.onMedication || Boolean(details.medicationDetails),
    {
      message: bookingMessages.medicationDetails,
      path: ['medicationDetails'],
    },
  );

/** A visit's health form (a booking staff took): the same questions, rules and consent as online. */
export const visitFormSchema = () => z.object(healthFields()).check(medicationNamed());

export type VisitFormAnswers = z.output<ReturnType<typeof visitFormSchema>>;

export const bookingDetailsSchema = () =>
  z
    .object({
      paymentType: z.literal('booking'),
      service: z.enum(bookingServices, { error: bookingMessages.service }),
      subservices: z
        .array(
          z
            .string({ error: 'Unknown service option' })
            .check(singleLine('Unknown service option'), z.minLength(1, 'Unknown service option'), z.maxLength(60)),
        )
        .check(z.minLength(1, bookingMessages.noOption), z.maxLength(MAX_TREATMENTS)),
      appointmentDate: z.string({ error: bookingMessages.date }).check(z.refine(isIsoDate, bookingMessages.date)),
      appointmentTime: z.enum(anyStartTimes as [string, ...string[]], { error: bookingMessages.time }),
      /** A therapist's id, or "any" (the default): the server picks one free for the whole visit. */
      therapistId: z.optional(z.string().check(z.maxLength(64))),
      customerName: personName(),
      customerEmail: emailAddress(),
      customerPhone: phoneNumber(),
      referralSource: z.optional(z.enum(referralSources)),
      ...healthFields(),
      /** What the visitor saw; the server prices the booking itself and refuses a different amount. */
      amount: z.optional(z.number()),
      couponCode: line(40),
      /** A gift voucher's code (any case, spaces or dashes): its balance pays first. */
      voucherCode: line(40),
      /** A package's code: its sessions pay the treatments it covers (one session each). */
      packageCode: line(40),
      /** The private link's token of a waitlist offer: the place it holds is what this books. */
      waitlistOffer: z.optional(z.string().check(z.maxLength(200))),
    })
    .check(medicationNamed());

export type BookingDetails = z.output<ReturnType<typeof bookingDetailsSchema>>;
export type BookingDetailsInput = z.input<ReturnType<typeof bookingDetailsSchema>>;
