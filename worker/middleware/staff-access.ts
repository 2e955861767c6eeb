/**
 * Who may call which route: one table (every route of the API, public ones included) read by one
 * middleware in front of the whole API. A staff route answers 401 without a live session of an
 * active account, and 403 with a message when the account's role lacks the route's permission
 * (shared/permissions.ts). A route missing from the table is refused to everyone (and the route
 * tests fail on it), so a new route is never open by accident.
 */
import type { Context, Next } from 'hono';
import { routePath } from 'hono/route';
import { createDb, d1Statement } from '../db/client';
import { firstTripChecked } from '../db/first-trip-check';
import { type AppEnv, factory } from '../env';
import { keepMember, type LiveSession, liveSession, recentlyConfirmed } from '../services/staff/admin-sessions';
import { confirmationMessages } from '../services/staff/identity-confirmation';
import { secondFactorMessages, secondFactorRequired, secondFactorsOf } from '../services/staff/second-factor';
import { memberCheck, sessionMember } from '../services/staff/staff-accounts';
import type { StaffMember } from '../shared/permissions';
import { accessMessages, can, type Permission } from '../shared/permissions';
import { adminMessages, readSessionCookie } from './admin-session';

/** A route's access: `public`, `signedIn` (any active account) or the permission it needs. */
export type RouteAccess = 'public' | 'signedIn' | Permission;

/** Every route's access. */
export const routeAccess: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/ping': 'public',
  'GET /api/ping/limited': 'public',
  'POST /api/academy-waitlist': 'public',
  'POST /api/academy-waitlist/confirm': 'public',
  'POST /api/unsubscribe': 'public',
  'POST /api/unsubscribe/one-click': 'public',
  'POST /api/validate-coupon': 'public',
  'POST /api/vouchers/check': 'public',
  'GET /api/vouchers': 'vouchers',
  'POST /api/vouchers': 'vouchers',
  'POST /api/vouchers/:id/resend': 'vouchers',
  'POST /api/vouchers/:id/void': 'voucherVoid',
  'GET /api/reviews': 'public',
  'GET /api/review-requests/:token': 'public',
  'POST /api/reviews/:token': 'public',
  'GET /api/reviews/pending': 'reviews',
  'GET /api/reviews/staff': 'reviews',
  'PUT /api/reviews/:id': 'reviews',
  'GET /api/availability': 'public',
  'GET /api/availability/month': 'public',
  'GET /api/therapists': 'public',
  'GET /api/treatments': 'public',
  'GET /api/products': 'public',
  'GET /api/closures': 'public',
  'GET /api/manage-booking/:token': 'public',
  'POST /api/manage-booking/:token/reschedule': 'public',
  'POST /api/manage-booking/:token/cancel': 'public',
  'GET /api/visit-form/:token': 'public',
  'POST /api/booking-terms': 'public',
  'POST /api/visit-form/:token': 'public',
  'POST /api/time-waitlist': 'public',
  'GET /api/packages': 'public',
  'POST /api/packages/check': 'public',
  'GET /api/memberships': 'public',
  'POST /api/memberships/check': 'public',
  'POST /api/account/code': 'public',
  'POST /api/account/sign-in': 'public',
  'POST /api/account/sign-out': 'public',
  'GET /api/account': 'public',
  'GET /api/account/receipts/:reference': 'public',
  'POST /api/account/membership/manage': 'public',
  'GET /api/time-waitlist/entry/:token': 'public',
  'POST /api/time-waitlist/entry/:token/confirm': 'public',
  'DELETE /api/time-waitlist/entry/:token': 'public',
  'GET /api/waitlist-offer/:token': 'public',
  'POST /api/waitlist-offer/:token/decline': 'public',
  'GET /api/payment/initialize': 'public',
  'POST /api/payment/initialize': 'public',
  'POST /api/payment/cancel': 'public',
  'POST /api/payment/verify': 'public',
  'POST /api/payment/webhook': 'public',
  'GET /api/payment/test-checkout.css': 'public',
  'GET /api/payment/test-checkout/:reference': 'public',
  'POST /api/payment/test-checkout/:reference': 'public',
  'GET /api/whatsapp/webhook': 'public',
  'POST /api/whatsapp/webhook': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/invitations/accept': 'public',
  'POST /api/auth/password/forgot': 'public',
  'POST /api/auth/password/reset': 'public',
  'POST /api/auth/password': 'signedIn',
  'POST /api/auth/sign-out-everywhere': 'signedIn',
  'POST /api/auth/login/totp': 'public',
  'POST /api/auth/passkey-login/options': 'public',
  'POST /api/auth/passkey-login': 'public',
  'GET /api/auth/passkeys': 'signedIn',
  'GET /api/auth/second-factor': 'signedIn',
  'POST /api/auth/passkeys/options': 'signedIn',
  'POST /api/auth/passkeys': 'signedIn',
  'DELETE /api/auth/passkeys/:id': 'signedIn',
  'POST /api/auth/totp/setup': 'signedIn',
  'POST /api/auth/totp': 'signedIn',
  'DELETE /api/auth/totp': 'signedIn',
  'POST /api/auth/confirm': 'signedIn',

  'GET /api/bookings': 'calendar',
  // Any booking with `bookings`; a therapist their client's next visit with themselves (ownNextVisit).
  'POST /api/bookings': 'ownNextVisit',
  // Status changes need `visitStatus` (a therapist's own visits); every other change `bookings`.
  'PUT /api/bookings/:id': 'visitStatus',
  // Visit notes are health data: the visit's therapist (their own visits), managers, owners.
  'POST /api/bookings/:id/notes': 'healthAnswers',
  'GET /api/today': 'calendar',
  'GET /api/time-waitlist': 'timeWaitlist',
  'GET /api/packages/staff': 'catalogue',
  'POST /api/packages': 'catalogue',
  'PUT /api/packages/:id': 'catalogue',
  'POST /api/packages/:id/sales': 'catalogue',
  'GET /api/memberships/staff': 'catalogue',
  'POST /api/memberships': 'catalogue',
  'PUT /api/memberships/:id': 'catalogue',
  'DELETE /api/time-waitlist/:id': 'timeWaitlist',
  'POST /api/time-waitlist/:id/offer': 'timeWaitlist',
  'GET /api/calendar': 'calendar',
  'GET /api/orders': 'orders',
  'PUT /api/orders/:id': 'orders',
  'GET /api/staff': 'scheduleRead',
  'GET /api/rooms': 'scheduleRead',
  'GET /api/schedule-settings': 'scheduleRead',
  'GET /api/catalogue': 'scheduleRead',
  'GET /api/stats': 'revenue',
  'GET /api/reports': 'reports',
  'GET /api/reports/commissions.csv': 'reports',
  'GET /api/commissions': 'reports',
  'PUT /api/commissions/:therapistId': 'reports',
  'GET /api/export/bookings.csv': 'exports',
  'GET /api/export/orders.csv': 'exports',
  'GET /api/export/waitlist.csv': 'exports',
  'GET /api/get-coupons': 'coupons',
  'POST /api/create-coupons': 'coupons',
  'PUT /api/coupons/:id': 'coupons',
  'PATCH /api/coupons/:id': 'coupons',
  'DELETE /api/coupons/:id': 'coupons',
  'GET /api/academy-waitlist': 'campaigns',
  'POST /api/send-bulk-email': 'campaigns',
  'POST /api/send-whatsapp-bulk': 'campaigns',
  'GET /api/campaigns': 'campaigns',
  'GET /api/campaigns/:id': 'campaigns',
  'GET /api/messages': 'campaigns',
  'GET /api/messages/:id': 'campaigns',
  'GET /api/messages/:id/preview': 'campaigns',
  'GET /api/closures/with-bookings': 'settings',
  'POST /api/closures': 'settings',
  'DELETE /api/closures/:date': 'settings',
  'POST /api/staff': 'settings',
  'PUT /api/staff/:id': 'settings',
  'POST /api/staff/:id/time-off': 'settings',
  'DELETE /api/staff/:id/time-off/:date': 'settings',
  'POST /api/rooms': 'settings',
  'PUT /api/rooms/:id': 'settings',
  'PUT /api/schedule-settings': 'settings',
  'POST /api/treatments': 'catalogue',
  'PUT /api/treatments/:id': 'catalogue',
  'POST /api/products': 'catalogue',
  'PUT /api/products/:id': 'catalogue',
  'POST /api/uploads': 'catalogue',
  'GET /api/team': 'team',
  'POST /api/team': 'team',
  'PUT /api/team/:id': 'team',
  'POST /api/team/:id/invitation': 'team',
  'POST /api/team/:id/second-factor/reset': 'team',
  'GET /api/activity': 'team',
  'GET /api/clients': 'clients',
  'GET /api/clients/:id': 'clients',
  'PUT /api/clients/:id': 'clients',
  'POST /api/clients/:id/no-show-rule/lift': 'clients',
  'GET /api/clients/:id/export': 'clientData',
  'DELETE /api/clients/:id': 'clientData',
};

/** The access of `method` on the registered route `path` (HEAD is GET's); undefined when unlisted. */
export const accessOf = (method: string, path: string): RouteAccess | undefined =>
  routeAccess[`${method === 'HEAD' ? 'GET' : method} ${path}`];

/** Who the request's session cookie signs in, if anyone (active, the session still live). */
export async function signedInMember(c: Context<AppEnv>): Promise<StaffMember | null> {
  return sessionMember(c.var.db, await liveSession(c.env.SESSIONS, readSessionCookie(c), new Date()));
}

export const staffAccess = factory.createMiddleware(async (c, next) => {
  const path = routePath(c, -1);
  // Nothing but this middleware matched: the API's JSON 404 answers.
  if (path === routePath(c)) return next();
  const access = accessOf(c.req.method, path);
  if (access === 'public') return next();
  const session = await liveSession(c.env.SESSIONS, readSessionCookie(c), new Date());
  const kept = session?.member;
  // A read the kept member's role may make: their account is checked in the route's own first trip.
  const read = c.req.method === 'GET' || c.req.method === 'HEAD';
  if (kept && read && access !== undefined && (access === 'signedIn' || can(kept.role, access))) {
    return checkedInFirstTrip(c, next, { ...session, member: kept }, access);
  }
  const member = await sessionMember(c.var.db, session);
  if (member && kept && !sameMember(member, kept))
    await keepMember(c.env.SESSIONS, readSessionCookie(c), member, new Date());
  const refusal = await refusalOf(c, member, access, path);
  if (refusal) return refusal;
  await next();
});

/** The same access: the role and the therapist (a new name changes nothing a check reads). */
const sameMember = (one: StaffMember, other: StaffMember) =>
  one.role === other.role && one.therapistId === other.therapistId;

/**
 * Who may not call `access`, and the answer (undefined: `member` may). Sets the member on the
 * context when they may.
 */
async function refusalOf(
  c: Context<AppEnv>,
  member: StaffMember | null,
  access: Exclude<RouteAccess, 'public'> | undefined,
  path: string,
) {
  if (!member) return c.json({ message: adminMessages.unauthorized }, 401);
  if (access === undefined) {
    console.error('A route without an entry in routeAccess was refused', c.req.method, path);
    return c.json({ message: accessMessages.forbidden }, 403);
  }
  if (access !== 'signedIn' && !can(member.role, access)) return c.json({ message: accessMessages.forbidden }, 403);
  // Until an owner or manager on a public site adds a second factor, only their own account opens.
  if (access !== 'signedIn' && (await secondFactorMissing(c, member))) {
    return c.json({ message: secondFactorMessages.setupRequired, secondFactorSetupRequired: true }, 403);
  }
  c.set('staff', member);
  return undefined;
}

/**
 * A staff read in one trip from Lagos: the member as the session keeps them is let through (their
 * role's permission checked first), and their account is checked in D1 with the route's first trip
 * (db/first-trip-check.ts), which nothing of the route outlives if it does not hold. Then the
 * account is read afresh to say why (signed out, a role without the permission, a second factor
 * to set up), as a request without a kept member is answered.
 */
async function checkedInFirstTrip(
  c: Context<AppEnv>,
  next: Next,
  session: LiveSession & { member: StaffMember },
  access: Exclude<RouteAccess, 'public'>,
) {
  const { member } = session;
  const database = c.var.db;
  const secondFactor = access !== 'signedIn' && secondFactorRequired(c.env.SITE_URL, member.role);
  const checked = firstTripChecked(c.env.DB, () => d1Statement(database, memberCheck(session, secondFactor)));
  c.set('db', createDb(checked.db));
  c.set('staff', member);
  await next();
  await checked.settled();
  if (!checked.refused()) return;
  c.set('db', database);
  c.set('staff', undefined);
  const fresh = await sessionMember(database, session);
  if (fresh) await keepMember(c.env.SESSIONS, readSessionCookie(c), fresh, new Date());
  // The account changed since the sign-in (a role, the therapist it is), and the route ran as it
  // was: its answer is not sent, and the person signs in again.
  c.res = (await refusalOf(c, fresh, access, routePath(c, -1))) ?? c.json({ message: adminMessages.unauthorized }, 401);
}

/**
 * For the routes that add, replace or remove a second factor: the person proved it was them
 * within the last 5 minutes (signing in, or POST /api/auth/confirm), else 403 with
 * `confirmRequired`, which the screen turns into the prompt.
 */
export const recentConfirmation = factory.createMiddleware(async (c, next) => {
  const session = await liveSession(c.env.SESSIONS, readSessionCookie(c), new Date());
  if (!session || !recentlyConfirmed(session, new Date())) {
    return c.json({ message: confirmationMessages.required, confirmRequired: true as const }, 403);
  }
  await next();
});

/** Whether the member must have a second factor here and has none yet. */
export async function secondFactorMissing(c: Context<AppEnv>, member: StaffMember): Promise<boolean> {
  if (!secondFactorRequired(c.env.SITE_URL, member.role)) return false;
  const factors = await secondFactorsOf(c.var.db, member._id);
  return !factors.totp && factors.passkeys === 0;
}

/** The signed-in member on a staff route (set by staffAccess, which refuses the route without one). */
export function staffMember(c: Context<AppEnv>): StaffMember {
  const member = c.var.staff;
  if (!member) throw new Error('A staff route ran without a signed-in member: is it listed in routeAccess?');
  return member;
}
