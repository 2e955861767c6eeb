// The API's routes, from the app itself (so a new route is covered the day it is added), split
// into the public ones and the staff ones. What anyone may call, and what each sensitive route
// needs, are written out here literally, not read from the access table the code enforces: a
// route marked public there by mistake fails the tests instead of passing them.

import { app } from '../../worker/app';
import type { Permission } from '../../worker/shared/permissions';

/** The routes anyone may call, with no session. */
export const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/ping',
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

/** The permission each route holding clients' data, money, the team or the catalogue needs. */
export const sensitiveAccess: Record<string, Permission> = {
  'GET /api/clients': 'clients',
  'GET /api/clients/:id': 'clients',
  'PUT /api/clients/:id': 'clients',
  'GET /api/clients/:id/export': 'clientData',
  'DELETE /api/clients/:id': 'clientData',
  'GET /api/export/bookings.csv': 'exports',
  'GET /api/export/orders.csv': 'exports',
  'GET /api/export/waitlist.csv': 'exports',
  'GET /api/team': 'team',
  'POST /api/team': 'team',
  'PUT /api/team/:id': 'team',
  'POST /api/team/:id/invitation': 'team',
  'POST /api/team/:id/second-factor/reset': 'team',
  'GET /api/activity': 'team',
  'GET /api/vouchers': 'vouchers',
  'POST /api/vouchers': 'vouchers',
  'POST /api/vouchers/:id/resend': 'vouchers',
  'POST /api/vouchers/:id/void': 'voucherVoid',
  'GET /api/reviews/pending': 'reviews',
  'GET /api/reviews/staff': 'reviews',
  'PUT /api/reviews/:id': 'reviews',
  'POST /api/treatments': 'catalogue',
  'PUT /api/treatments/:id': 'catalogue',
  'POST /api/products': 'catalogue',
  'PUT /api/products/:id': 'catalogue',
  'POST /api/uploads': 'catalogue',
  'GET /api/stats': 'revenue',
  'GET /api/reports': 'reports',
  'GET /api/reports/commissions.csv': 'reports',
  'GET /api/commissions': 'reports',
  'PUT /api/commissions/:therapistId': 'reports',
  // Who waits for a time, with their email and phone.
  'GET /api/time-waitlist': 'timeWaitlist',
  'DELETE /api/time-waitlist/:id': 'timeWaitlist',
  'POST /api/time-waitlist/:id/offer': 'timeWaitlist',
  // What packages cost and whether they are sold.
  'GET /api/packages/staff': 'catalogue',
  'POST /api/packages': 'catalogue',
  'PUT /api/packages/:id': 'catalogue',
  'POST /api/packages/:id/sales': 'catalogue',
  'GET /api/memberships/staff': 'catalogue',
  'POST /api/memberships': 'catalogue',
  'PUT /api/memberships/:id': 'catalogue',
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
