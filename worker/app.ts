import { Hono } from 'hono';
import type { AppEnv } from './env';
import { auditTrail } from './middleware/audit-trail';
import { bodyLimitMiddleware } from './middleware/body-limit';
import { dbMiddleware } from './middleware/db';
import { notFound, onError } from './middleware/errors';
import { safeConfigMiddleware } from './middleware/safe-config';
import { securityHeadersMiddleware } from './middleware/security-headers';
import { staffAccess } from './middleware/staff-access';
import { accountRoutes } from './routes/account';
import { activityRoutes } from './routes/activity';
import { appShellRoutes } from './routes/app-shell';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { bookingTermsRoutes } from './routes/booking-terms';
import { bookingRoutes } from './routes/bookings';
import { campaignRoutes } from './routes/campaigns';
import { adminCatalogueRoutes, publicCatalogueRoutes } from './routes/catalogue';
import { cataloguePageRoutes } from './routes/catalogue-pages';
import { clientRoutes } from './routes/clients';
import { adminClosureRoutes, publicClosureRoutes } from './routes/closures';
import { adminCouponRoutes, publicCouponRoutes } from './routes/coupons';
import { exportRoutes } from './routes/exports';
import { healthRoutes } from './routes/health';
import { manageBookingRoutes } from './routes/manage-booking';
import { mediaRoutes } from './routes/media';
import { membershipRoutes } from './routes/memberships';
import { messageRoutes } from './routes/messages';
import { orderRoutes } from './routes/orders';
import { packageRoutes } from './routes/packages';
import { paymentRoutes, testCheckoutRoutes } from './routes/payments';
import { reportRoutes } from './routes/reports';
import { adminReviewRoutes, publicReviewRoutes } from './routes/reviews';
import { siteFileRoutes } from './routes/site-files';
import { statsRoutes } from './routes/stats';
import { adminTeamRoutes, publicTeamRoutes } from './routes/team';
import { teamAccountRoutes } from './routes/team-accounts';
import { timeWaitlistRoutes } from './routes/time-waitlist';
import { todayRoutes } from './routes/today';
import { uploadRoutes } from './routes/uploads';
import { visitFormRoutes } from './routes/visit-form';
import { adminVoucherRoutes, publicVoucherRoutes, voucherCardRoutes } from './routes/vouchers';
import { waitlistRoutes } from './routes/waitlist';
import { whatsappWebhookRoutes } from './routes/whatsapp-webhook';

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
  .route('/api', waitlistRoutes)
  .route('/api', publicCouponRoutes)
  .route('/api', publicVoucherRoutes)
  // Before the public review routes: /reviews/pending is not a review link's token.
  .route('/api', adminReviewRoutes)
  .route('/api', publicReviewRoutes)
  .route('/api', availabilityRoutes)
  .route('/api', publicClosureRoutes)
  .route('/api', publicTeamRoutes)
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
  .route('/api', adminTeamRoutes)
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
