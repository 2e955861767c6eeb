// The API's routes, from the app itself (so a new route is covered the day it is added), split
// into the public ones (listed here by hand: a route missing from this list is treated as staff
// only) and the staff ones.
import { app } from '../../worker/app';

export const publicRoutes = new Set([
  'GET /api/health',
  'GET /api/ping',
  'POST /api/academy-waitlist',
  'POST /api/validate-coupon',
  'GET /api/availability',
  'GET /api/availability/month',
  'GET /api/therapists',
  'GET /api/treatments',
  'GET /api/products',
  'GET /api/closures',
  'GET /api/manage-booking/:token',
  'POST /api/manage-booking/:token/reschedule',
  'POST /api/manage-booking/:token/cancel',
  'GET /api/payment/initialize',
  'POST /api/payment/initialize',
  'POST /api/payment/cancel',
  'POST /api/payment/verify',
  'POST /api/payment/webhook',
  'GET /api/payment/test-checkout.css',
  'GET /api/payment/test-checkout/:reference',
  'POST /api/payment/test-checkout/:reference',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/session',
  'POST /api/unsubscribe',
  'POST /api/unsubscribe/one-click',
  'POST /api/academy-waitlist/confirm',
  'GET /api/whatsapp/webhook',
  'POST /api/whatsapp/webhook',
]);

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
