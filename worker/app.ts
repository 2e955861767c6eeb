import { Hono } from 'hono';
import type { AppEnv } from './env';
import { auditTrail } from './middleware/audit-trail';
import { bodyLimitMiddleware } from './middleware/body-limit';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { safeConfigMiddleware } from './middleware/safe-config';
import { securityHeadersMiddleware } from './middleware/security-headers';
import { staffAccess } from './middleware/staff-access';
import { academyWaitlistRoutes } from './routes/academy/academy-waitlist';
import { campaignRoutes } from './routes/academy/campaigns';
import { appShellRoutes } from './routes/app-shell';
import { bookingTermsRoutes } from './routes/bookings/booking-terms';
import { bookingRoutes } from './routes/bookings/bookings';
import { manageBookingRoutes } from './routes/bookings/manage-booking';
import { todayRoutes } from './routes/bookings/today';
import { visitFormRoutes } from './routes/bookings/visit-form';
import { adminCatalogueRoutes, publicCatalogueRoutes } from './routes/catalogue/catalogue';
import { cataloguePageRoutes } from './routes/catalogue/catalogue-pages';
import { adminCouponRoutes, publicCouponRoutes } from './routes/catalogue/coupons';
import { mediaRoutes } from './routes/catalogue/media';
import { uploadRoutes } from './routes/catalogue/uploads';
import { paymentRoutes, testCheckoutRoutes } from './routes/checkout/payments';
import { clientRoutes } from './routes/clients/clients';
import { accountRoutes } from './routes/clients/my-page';
import { healthRoutes } from './routes/health';
import { messageRoutes } from './routes/messages/messages';
import { whatsappWebhookRoutes } from './routes/messages/whatsapp-webhook';
import { membershipRoutes } from './routes/prepaid/memberships';
import { packageRoutes } from './routes/prepaid/packages';
import { adminVoucherRoutes, publicVoucherRoutes, voucherCardRoutes } from './routes/prepaid/vouchers';
import { exportRoutes } from './routes/reports/exports';
import { reportRoutes } from './routes/reports/reports';
import { statsRoutes } from './routes/reports/stats';
import { adminReviewRoutes, publicReviewRoutes } from './routes/reviews/reviews';
import { availabilityRoutes } from './routes/schedule/availability';
import { adminClosureRoutes, publicClosureRoutes } from './routes/schedule/closures';
import { publicTherapistRoutes, therapistsAndRoomsRoutes } from './routes/schedule/therapists-and-rooms';
import { orderRoutes } from './routes/shop/orders';
import { siteFileRoutes } from './routes/site-files';
import { activityRoutes } from './routes/staff/activity';
import { authRoutes } from './routes/staff/auth';
import { teamAccountRoutes } from './routes/staff/team-accounts';
import { timeWaitlistRoutes } from './routes/time-waitlist/time-waitlist';

/**
 * The worker answers /api/*, the uploaded photos under /media/*, the two site files, the app-shell
 * routes and the catalogue's pages; every other path is a static asset or a prerendered page,
 * served without it (`run_worker_first` in wrangler.toml).
 */
export const app = new Hono<AppEnv>()
  .use(securityHeadersMiddleware)
  .use(safeConfigMiddleware)
  .use('/api/*', bodyLimitMiddleware, dbMiddleware, staffAccess, auditTrail)
  .route('/api', healthRoutes)
  .route('/api', academyWaitlistRoutes)
  .route('/api', publicCouponRoutes)
  .route('/api', publicVoucherRoutes)
  // Before the public review routes: /reviews/pending is not a review link's token.
  .route('/api', adminReviewRoutes)
  .route('/api', publicReviewRoutes)
  .route('/api', availabilityRoutes)
  .route('/api', publicClosureRoutes)
  .route('/api', publicTherapistRoutes)
  .route('/api', publicCatalogueRoutes)
  .route('/api', manageBookingRoutes)
  .route('/api', visitFormRoutes)
  .route('/api', timeWaitlistRoutes)
  .route('/api', packageRoutes)
  .route('/api', membershipRoutes)
  .route('/api', accountRoutes)
  .route('/api', bookingTermsRoutes)
  .route('/api', paymentRoutes)
  .route('/api', testCheckoutRoutes)
  .route('/api', whatsappWebhookRoutes)
  .route('/api', authRoutes)
  // Staff routes: staffAccess lets each through to the roles its permission names; each that
  // changes state starts with sameOriginJson (sameOrigin for the multipart photo upload).
  .route('/api', bookingRoutes)
  .route('/api', todayRoutes)
  .route('/api', orderRoutes)
  .route('/api', adminCouponRoutes)
  .route('/api', exportRoutes)
  .route('/api', statsRoutes)
  .route('/api', reportRoutes)
  .route('/api', campaignRoutes)
  .route('/api', messageRoutes)
  .route('/api', adminClosureRoutes)
  .route('/api', therapistsAndRoomsRoutes)
  .route('/api', adminCatalogueRoutes)
  .route('/api', uploadRoutes)
  .route('/api', teamAccountRoutes)
  .route('/api', activityRoutes)
  .route('/api', clientRoutes)
  .route('/api', adminVoucherRoutes)
  .use('/gift-vouchers/card/*', dbMiddleware)
  .route('/', voucherCardRoutes)
  .route('/', siteFileRoutes)
  .route('/', mediaRoutes)
  .route('/', appShellRoutes)
  .route('/', cataloguePageRoutes);

app.onError(onError);
app.notFound(notFound);

/** The API's type, for the web's typed `hc` client. */
export type AppType = typeof app;
