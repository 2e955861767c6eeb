/**
 * Monthly memberships: their limits and the words for each, shared by the database's checks
 * (db/schema.ts), the API's validation and the staff's and visitors' screens.
 */
import * as z from 'zod/mini';
import { MAX_PRICE } from '../catalogue/catalogue-rules';
import { buyerFields } from '../contact-schema';
import { groupDigits } from '../money';
import { filled, singleLine } from '../plain-text';
import { PACKAGE_NAME_MAX, PACKAGE_TREATMENTS_MAX } from './package-rules';

export const MEMBERSHIP_SESSIONS = { min: 1, max: 8 } as const;
export const MEMBERSHIP_SHOP_PERCENT_MAX = 50;

export const membershipMessages = {
  name: `Please give a name (at most ${PACKAGE_NAME_MAX} characters).`,
  nameTaken: (name: string) => `There is already a membership called ${name}. Please choose another name.`,
  treatments: 'Please choose the treatments its sessions cover, from the menu.',
  sessions: `A membership has ${MEMBERSHIP_SESSIONS.min} to ${MEMBERSHIP_SESSIONS.max} sessions a month.`,
  price: `Please give a monthly price in whole naira, from ₦1 to ₦${groupDigits(MAX_PRICE)}.`,
  shopPercent: `The shop discount is a whole percent from 0 to ${MEMBERSHIP_SHOP_PERCENT_MAX}.`,
  shown: 'Say whether the membership is shown: true or false.',
  notFound: 'No such membership.',
  notOffered: 'This membership is no longer offered. Please choose from the memberships as they are now.',
  paystackPlan:
    'Paystack could not set up this membership’s monthly plan just now. It is saved; please try saving it again in a minute.',
  paystackChange:
    'Paystack could not change this membership’s monthly plan just now, so nothing was changed. Please try again in a minute.',
  notReady: 'This membership cannot be joined online just now. Please try again later or ask us on WhatsApp.',
  /** A code that gives no shop discount: unknown, a package's, or a membership that has ended. */
  notMember: 'This membership code is not valid, or the membership has ended.',
  code: 'Please enter your membership code.',
  /** A member's code on someone else's order (or checked with someone else's email and phone). */
  notOwnOrder: "This membership is for its member's own orders: use the email or phone the member joined with.",
  tooManyOpen: (holds: number, minutes: number) =>
    `You already have ${holds} memberships waiting for payment. Please finish paying for one of them, or try again in ${minutes} minutes.`,
} as const;

const whole = (range: { min: number; max: number }, message: string) =>
  z.int({ error: message }).check(z.minimum(range.min, message), z.maximum(range.max, message));

const fields = () => ({
  name: z
    .string({ error: membershipMessages.name })
    .check(
      singleLine(membershipMessages.name),
      z.trim(),
      z.minLength(1, membershipMessages.name),
      z.maxLength(PACKAGE_NAME_MAX, membershipMessages.name),
    ),
  treatments: z
    .array(z.string({ error: membershipMessages.treatments }).check(z.minLength(1), z.maxLength(64)), {
      error: membershipMessages.treatments,
    })
    .check(
      z.minLength(1, membershipMessages.treatments),
      z.maxLength(PACKAGE_TREATMENTS_MAX, membershipMessages.treatments),
    ),
  sessionsPerMonth: whole(MEMBERSHIP_SESSIONS, membershipMessages.sessions),
  price: whole({ min: 1, max: MAX_PRICE }, membershipMessages.price),
  shopPercent: z._default(whole({ min: 0, max: MEMBERSHIP_SHOP_PERCENT_MAX }, membershipMessages.shopPercent), 0),
  shown: z._default(z.boolean({ error: membershipMessages.shown }), true),
});

export const newMembershipPlanSchema = () => z.object(fields());
export const membershipPlanChangeSchema = () =>
  z.partial(
    z.object({
      ...fields(),
      shopPercent: whole({ min: 0, max: MEMBERSHIP_SHOP_PERCENT_MAX }, membershipMessages.shopPercent),
      shown: z.boolean({ error: membershipMessages.shown }),
    }),
  );

export type NewMembershipPlan = z.output<ReturnType<typeof newMembershipPlanSchema>>;
export type MembershipPlanChange = z.output<ReturnType<typeof membershipPlanChangeSchema>>;

/** A plan as visitors see it (GET /api/memberships, and the /packages page). */
export interface MembershipOffer {
  _id: string;
  name: string;
  treatments: Array<{ _id: string; name: string; price: number }>;
  sessionsPerMonth: number;
  price: number;
  shopPercent: number;
}

/** Joining (`paymentType: "membership"` on initialize): which plan, and who joins. */
export const membershipJoinSchema = () =>
  z.object({
    paymentType: z.literal('membership'),
    planId: filled(64, membershipMessages.notOffered),
    ...buyerFields(),
  });

export type MembershipJoin = z.output<ReturnType<typeof membershipJoinSchema>>;

/**
 * A month's sessions added to what is left: unused sessions roll over one month at most, so a
 * member holds at most two months' worth.
 */
export const renewedSessions = (left: number, perMonth: number) => Math.min(left, perMonth) + perMonth;
