/**
 * The booking form's vocabulary and rules, shared by the booking page and the API: the hourly
 * slots, the referral sources, the health intake checklist, and the schema of the details a
 * booking is paid with (the spec's "booking payment details").
 */
import * as z from 'zod/mini';
import { treatments } from './catalogue';
import { isIsoDate } from './time';

/** Hourly appointment slots, 09:00 to 17:00, Lagos time. */
export const timeSlots = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'] as const;

/** The one service offered today; choosing it resets the options and the total. */
export const bookingServices = ['Massage'] as const;

export const referralSources = [
  'Social Media',
  'Word of Mouth',
  'Google Search',
  'Flyer/Poster',
  'Friend/Family Recommendation',
  'Other',
] as const;

/** The 29 conditions of the intake form: what a therapist must know before touching a client. */
export const healthConditions = [
  'Alcohol within 24hrs',
  'Recent Surgery',
  'Pregnancy',
  'Cancer',
  'Heart Condition',
  'Diabetes',
  'High Blood pressure',
  'Blood clot',
  'Low Blood Pressure',
  'Varicose Veins',
  'Epilepsy or Seizures',
  'Asthma or Breathing Difficulties',
  'Arthritis',
  'Osteoporosis',
  'Back or Neck Injury',
  'Recent Fracture or Sprain',
  'Herniated or Bulging Disc',
  'Headaches or Migraines',
  'Skin Condition or Rash',
  'Allergies to Oils or Lotions',
  'Open Wounds or Bruising',
  'Contagious Illness or Fever',
  'Numbness or Tingling',
  'Fibromyalgia',
  'Kidney or Liver Condition',
  'Stroke',
  'Pacemaker or Implant',
  'Blood-Thinning Medication',
  'Mental Health Condition',
] as const;

export const bookingMessages = {
  noOption: 'Please select at least one service option.',
  noDisclaimer: 'Please agree to the disclaimer.',
  name: 'Please enter your full name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  service: 'Please choose a service',
  date: 'Please choose a date from today onwards',
  time: 'Please choose an available time',
  medicationDetails: 'Please tell us which medication you take',
} as const;

const treatmentNames = treatments.map((treatment) => treatment.name) as [string, ...string[]];

const text = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

export const bookingDetailsSchema = z
  .object({
    paymentType: z.literal('booking'),
    service: z.enum(bookingServices, { error: bookingMessages.service }),
    subservices: z
      .array(z.enum(treatmentNames, { error: 'Unknown service option' }))
      .check(z.minLength(1, bookingMessages.noOption), z.maxLength(treatmentNames.length)),
    appointmentDate: z.string({ error: bookingMessages.date }).check(z.refine(isIsoDate, bookingMessages.date)),
    appointmentTime: z.enum(timeSlots, { error: bookingMessages.time }),
    customerName: z
      .string({ error: bookingMessages.name })
      .check(z.trim(), z.minLength(2, bookingMessages.name), z.maxLength(100)),
    customerEmail: z
      .string({ error: bookingMessages.email })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, bookingMessages.email)),
    customerPhone: z
      .string({ error: bookingMessages.phone })
      .check(z.trim(), z.regex(/^\+?[\d\s()-]{7,20}$/, bookingMessages.phone)),
    notes: text(1000),
    referralSource: z.optional(z.enum(referralSources)),
    previousMassageTherapy: z._default(z.boolean(), false),
    onMedication: z._default(z.boolean(), false),
    medicationDetails: text(500),
    exercising: z._default(z.boolean(), false),
    exerciseFrequency: z.optional(z.int().check(z.minimum(0), z.maximum(14))),
    exerciseHours: z.optional(z.int().check(z.minimum(0), z.maximum(40))),
    healthConditions: z._default(z.array(z.enum(healthConditions)).check(z.maxLength(healthConditions.length)), []),
    disclaimerAgreed: z.literal(true, { error: bookingMessages.noDisclaimer }),
    /** What the visitor saw; the server prices the booking itself and refuses a different amount. */
    amount: z.optional(z.number()),
    couponCode: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  })
  .check(
    z.refine((details) => !details.onMedication || Boolean(details.medicationDetails), {
      message: bookingMessages.medicationDetails,
      path: ['medicationDetails'],
    }),
  );

export type BookingDetails = z.output<typeof bookingDetailsSchema>;
export type BookingDetailsInput = z.input<typeof bookingDetailsSchema>;
