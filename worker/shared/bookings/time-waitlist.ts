/**
 * The waitlist for full times: what a visitor asks for when joining (the API validates with this
 * schema, the join form on /booking with the same), the parts of the day, and the rules' numbers.
 */
import * as z from 'zod/mini';
import { emailAddress, personName, phoneNumber } from '../contact-schema';
import { isIsoDate } from '../time';
import { minuteOfDay } from './schedule';

export const dayParts = ['morning', 'afternoon', 'late', 'any'] as const;
export type DayPart = (typeof dayParts)[number];

/** Where each part of the day starts and ends (minutes of the day): a visit starting within it fits. */
const dayPartMinutes: Record<DayPart, [number, number]> = {
  morning: [9 * 60, 12 * 60],
  afternoon: [12 * 60, 15 * 60],
  late: [15 * 60, 18 * 60],
  any: [0, 24 * 60],
};

export const dayPartLabels: Record<DayPart, string> = {
  morning: 'Morning (09:00–12:00)',
  afternoon: 'Afternoon (12:00–15:00)',
  late: 'Late (15:00–18:00)',
  any: 'Any time',
};

/** True when a visit starting at `time` falls within the part of the day. */
export function startsWithin(part: DayPart, time: string): boolean {
  const [from, to] = dayPartMinutes[part];
  const minute = minuteOfDay(time);
  return minute >= from && minute < to;
}

/** Days one entry may wait for, and how far ahead. */
export const MAX_WAITLIST_DATES = 5;
export const MAX_WAITLIST_DAYS_AHEAD = 60;
/** Entries still waiting one email address or phone may have at once. */
export const MAX_LIVE_ENTRIES = 3;
/** Entries still waiting one client network may have at once (as its unpaid payment holds). */
export const MAX_LIVE_ENTRIES_PER_NETWORK = 10;
/** Hours an entry may wait unconfirmed by its owner (the email's link, a WhatsApp reply) before it ends. */
export const UNCONFIRMED_HOURS = 24;
/** Offers in a row lapsing without an answer that end an entry. */
export const LAPSES_TO_END = 2;
/** Offers one entry may get in a Lagos day. */
export const OFFERS_PER_DAY = 3;
/** Offers go out from 07:00 until 21:00, Lagos time; a place freed at night waits for the morning. */
export const OFFER_HOURS = { from: 7 * 60, to: 21 * 60 } as const;
/** How long an offered place is held, unless staff set another (5 to 120 minutes). */
export const DEFAULT_OFFER_MINUTES = 15;
export const OFFER_MINUTES_RANGE = { min: 5, max: 120 } as const;

export const timeWaitlistMessages = {
  treatments: 'Please choose at least one treatment.',
  dates: `Please choose from 1 to ${MAX_WAITLIST_DATES} days.`,
  datePast: 'Please choose days from today on.',
  dateFar: `Please choose days within the next ${MAX_WAITLIST_DAYS_AHEAD} days.`,
  dateClosed: (day: string, reason: string) => `The studio is closed on ${day} (${reason}). Please choose another day.`,
  window: 'Please choose a part of the day: morning, afternoon, late or any time.',
  contact: 'Please give your email address or WhatsApp number so we can offer you a place.',
  consent: 'Please agree to be contacted about a place on this waitlist.',
  tooMany: `You are already waiting for ${MAX_LIVE_ENTRIES} times. Please leave one of them before joining for another.`,
  busyNetwork: `Many waitlist places are waiting from your connection. Please leave one before joining for another, or message us on WhatsApp.`,
  timeFree: 'This time is free: book it now',
  /** The 409 of a join whose wish has free starts: the words, then each day's free times. */
  timeFreeOn: (days: Array<{ day: string; times: string[] }>) =>
    `This time is free: book it now. ${days.map(({ day, times }) => `Free on ${day}: ${times.join(', ')}.`).join(' ')}`,
  confirmed: 'Your place on the waitlist is confirmed: we will offer you a freed time.',
  unknownTreatment: 'Please choose treatments from the menu.',
  unknownTherapist: 'Please choose one of the listed therapists, or "Any therapist".',
  notFound: 'This waitlist link is not valid. Please use the link in your most recent message.',
  offerNotFound: 'This offer link is not valid. Please use the link in your most recent message.',
  offerEnded: 'This offer has ended: the place was held for you for a limited time. You are still on the waitlist.',
  offerBooked: 'This place is booked. Please check your confirmation message.',
  entryEnded: 'This waitlist entry has ended.',
  offerDoesNotMatch: 'Please book the place exactly as offered: its day, time, therapist and treatments.',
  notAvailable: 'Nobody can give these treatments at that time. Please choose another time.',
  alreadyOffered: 'This client already has an offer open. Please wait until it is answered or ends.',
  notConfirmed: 'This client has not confirmed their place yet: places are offered once they confirm.',
  notThatDay: 'This client does not wait for that day. Please choose one of their days.',
} as const;

export const timeWaitlistJoinSchema = () =>
  z
    .object({
      treatments: z
        .array(z.string({ error: timeWaitlistMessages.treatments }).check(z.minLength(1), z.maxLength(64)), {
          error: timeWaitlistMessages.treatments,
        })
        .check(z.minLength(1, timeWaitlistMessages.treatments), z.maxLength(10, timeWaitlistMessages.treatments)),
      therapistId: z._default(z.string().check(z.minLength(1), z.maxLength(64)), 'any'),
      dates: z
        .array(z.string({ error: timeWaitlistMessages.dates }).check(z.refine(isIsoDate, timeWaitlistMessages.dates)), {
          error: timeWaitlistMessages.dates,
        })
        .check(z.minLength(1, timeWaitlistMessages.dates), z.maxLength(MAX_WAITLIST_DATES, timeWaitlistMessages.dates)),
      window: z.enum(dayParts, { error: timeWaitlistMessages.window }),
      name: personName(),
      email: z.optional(z.union([z.literal(''), emailAddress()])),
      phone: z.optional(z.union([z.literal(''), phoneNumber()])),
      consent: z.literal(true, { error: timeWaitlistMessages.consent }),
    })
    .check(
      z.refine((entry) => Boolean(entry.email || entry.phone), {
        message: timeWaitlistMessages.contact,
        path: ['email'],
      }),
    );

export type TimeWaitlistJoin = z.output<ReturnType<typeof timeWaitlistJoinSchema>>;
export type TimeWaitlistJoinInput = z.input<ReturnType<typeof timeWaitlistJoinSchema>>;
