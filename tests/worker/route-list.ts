// The API's routes, from the app itself (so a new route is covered the day it is added), split
// into the public ones and the staff ones. What anyone may call, and what each staff route needs,
// are written out here literally, never read from the access table the code enforces: a route
// marked public or given a wider permission there by mistake fails the tests instead of passing.

import { app } from '../../worker/app';
import type { Permission } from '../../worker/shared/permissions';

/** The routes anyone may call, with no session. */
export const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/ping',
  'GET /api/ping/limited',
  'POST /api/academy-waitlist',
  'POST /api/academy-waitlist/confirm',
  'POST /api/unsubscribe',
  'POST /api/unsubscribe/one-click',
  'POST /api/validate-coupon',
  'POST /api/vouchers/check',
  'GET /api/reviews',
  'GET /api/review-requests/:token',
  'POST /api/reviews/:token',
  'GET /api/availability',
  'GET /api/availability/month',
  'GET /api/therapists',
  'GET /api/treatments',
  'GET /api/products',
  'GET /api/closures',
  'GET /api/manage-booking/:token',
  'POST /api/manage-booking/:token/reschedule',
  'POST /api/manage-booking/:token/cancel',
  'GET /api/visit-form/:token',
  'POST /api/booking-terms',
  'POST /api/visit-form/:token',
  'POST /api/time-waitlist',
  'GET /api/packages',
  'POST /api/packages/check',
  'GET /api/memberships',
  'POST /api/memberships/check',
  'POST /api/account/code',
  'POST /api/account/sign-in',
  'POST /api/account/sign-out',
  'GET /api/account',
  'GET /api/account/receipts/:reference',
  'POST /api/account/membership/manage',
  'GET /api/time-waitlist/entry/:token',
  'POST /api/time-waitlist/entry/:token/confirm',
  'DELETE /api/time-waitlist/entry/:token',
  'GET /api/waitlist-offer/:token',
  'POST /api/waitlist-offer/:token/decline',
  'GET /api/payment/initialize',
  'POST /api/payment/initialize',
  'POST /api/payment/cancel',
  'POST /api/payment/verify',
  'POST /api/payment/webhook',
  'GET /api/payment/test-checkout.css',
  'GET /api/payment/test-checkout/:reference',
  'POST /api/payment/test-checkout/:reference',
  'GET /api/whatsapp/webhook',
  'POST /api/whatsapp/webhook',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/session',
  'POST /api/auth/invitations/accept',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/login/totp',
  'POST /api/auth/passkey-login/options',
  'POST /api/auth/passkey-login',
]);

/**
 * What every staff route needs, written out: a permission (shared/permissions.ts says which roles
 * hold it) or only a live session of an active account (`signedIn`). A staff route added to the
 * app fails the tests until it is written here.
 */
export const staffAccess: Record<string, Permission | 'signedIn'> = {
  // A person's own sign-in: their password, factors and sessions.
  'POST /api/auth/password': 'signedIn',
  'POST /api/auth/sign-out-everywhere': 'signedIn',
  'GET /api/auth/passkeys': 'signedIn',
  'GET /api/auth/second-factor': 'signedIn',
  'POST /api/auth/passkeys/options': 'signedIn',
  'POST /api/auth/passkeys': 'signedIn',
  'DELETE /api/auth/passkeys/:id': 'signedIn',
  'POST /api/auth/totp/setup': 'signedIn',
  'POST /api/auth/totp': 'signedIn',
  'DELETE /api/auth/totp': 'signedIn',
  'POST /api/auth/confirm': 'signedIn',
  // The day: bookings, visits and their notes (health data).
  'GET /api/bookings': 'calendar',
  'POST /api/bookings': 'ownNextVisit',
  'PUT /api/bookings/:id': 'visitStatus',
  'POST /api/bookings/:id/notes': 'healthAnswers',
  'GET /api/today': 'calendar',
  'GET /api/calendar': 'calendar',
  // Who waits for a time, with their email and phone.
  'GET /api/time-waitlist': 'timeWaitlist',
  'DELETE /api/time-waitlist/:id': 'timeWaitlist',
  'POST /api/time-waitlist/:id/offer': 'timeWaitlist',
  // The shop's orders.
  'GET /api/orders': 'orders',
  'PUT /api/orders/:id': 'orders',
  // The schedule as read, and as set.
  'GET /api/staff': 'scheduleRead',
  'GET /api/rooms': 'scheduleRead',
  'GET /api/schedule-settings': 'scheduleRead',
  'GET /api/catalogue': 'scheduleRead',
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
  // Money: revenue, reports, commissions and the exports.
  'GET /api/stats': 'revenue',
  'GET /api/reports': 'reports',
  'GET /api/reports/commissions.csv': 'reports',
  'GET /api/commissions': 'reports',
  'PUT /api/commissions/:therapistId': 'reports',
  'GET /api/export/bookings.csv': 'exports',
  'GET /api/export/orders.csv': 'exports',
  'GET /api/export/waitlist.csv': 'exports',
  // Coupons.
  'GET /api/get-coupons': 'coupons',
  'POST /api/create-coupons': 'coupons',
  'PUT /api/coupons/:id': 'coupons',
  'PATCH /api/coupons/:id': 'coupons',
  'DELETE /api/coupons/:id': 'coupons',
  // The academy's waitlist, its campaigns and every message sent.
  'GET /api/academy-waitlist': 'campaigns',
  'POST /api/send-bulk-email': 'campaigns',
  'POST /api/send-whatsapp-bulk': 'campaigns',
  'GET /api/campaigns': 'campaigns',
  'GET /api/campaigns/:id': 'campaigns',
  'GET /api/messages': 'campaigns',
  'GET /api/messages/:id': 'campaigns',
  'GET /api/messages/:id/preview': 'campaigns',
  // The menu, the shop, packages and memberships: what they cost and whether they are sold.
  'POST /api/treatments': 'catalogue',
  'PUT /api/treatments/:id': 'catalogue',
  'POST /api/products': 'catalogue',
  'PUT /api/products/:id': 'catalogue',
  'POST /api/uploads': 'catalogue',
  'GET /api/packages/staff': 'catalogue',
  'POST /api/packages': 'catalogue',
  'PUT /api/packages/:id': 'catalogue',
  'POST /api/packages/:id/sales': 'catalogue',
  'GET /api/memberships/staff': 'catalogue',
  'POST /api/memberships': 'catalogue',
  'PUT /api/memberships/:id': 'catalogue',
  // Gift vouchers (money) and reviews (the public's words).
  'GET /api/vouchers': 'vouchers',
  'POST /api/vouchers': 'vouchers',
  'POST /api/vouchers/:id/resend': 'vouchers',
  'POST /api/vouchers/:id/void': 'voucherVoid',
  'GET /api/reviews/pending': 'reviews',
  'GET /api/reviews/staff': 'reviews',
  'PUT /api/reviews/:id': 'reviews',
  // The team and what it did.
  'GET /api/team': 'team',
  'POST /api/team': 'team',
  'PUT /api/team/:id': 'team',
  'POST /api/team/:id/invitation': 'team',
  'POST /api/team/:id/second-factor/reset': 'team',
  'GET /api/activity': 'team',
  // Clients, their records and their data.
  'GET /api/clients': 'clients',
  'GET /api/clients/:id': 'clients',
  'PUT /api/clients/:id': 'clients',
  'POST /api/clients/:id/no-show-rule/lift': 'clients',
  'GET /api/clients/:id/export': 'clientData',
  'DELETE /api/clients/:id': 'clientData',
};

export const apiRoutes = [
  ...new Set(
    app.routes
      .filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`),
  ),
];
export const adminRoutes = apiRoutes.filter((route) => !publicRoutes.has(route));
/** Staff writes whose body is multipart (a photo), not JSON: uploads.test.ts checks their Origin rule. */
export const multipartWrites = new Set(['POST /api/uploads']);
/** Staff writes with a JSON body (or none). */
export const writes = adminRoutes.filter((route) => !route.startsWith('GET ') && !multipartWrites.has(route));
