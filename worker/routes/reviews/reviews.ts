import * as z from 'zod/mini';
import type { Database } from '../../db/client';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { rateLimit } from '../../middleware/rate-limit';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { isReviewToken } from '../../services/reviews/review-links';
import {
  findReviewRequest,
  listPublicReviews,
  listStaffReviews,
  moderateReview,
  reviewRequestView,
  submitReview,
} from '../../services/reviews/reviews';
import { reviewMessages } from '../../shared/catalogue/review-rules';
import { moderationBody, reviewBody } from '../../shared/catalogue/review-schema';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { reviewStatuses } from '../../shared/statuses';
import { listQuery, pageQuery } from '../list-query';
import { routeGroup } from '../route-group';

const idParam = () => z.optional(z.string().check(z.trim(), z.maxLength(80)));
const publicQuery = () => z.extend(pageQuery(), { treatment: idParam(), product: idParam() });

/** The link's request, or undefined when the token is malformed or no request has it (an altered link). */
const requestOfToken = (db: Database, token: string) =>
  isReviewToken(token) ? findReviewRequest(db, token) : Promise.resolve(undefined);

/** Anyone: approved reviews; a client with their private link: what it reviews, and the review. */
export const publicReviewRoutes = routeGroup()
  .get('/reviews', validate('query', publicQuery), async (c) => {
    const { treatment, product, ...page } = c.req.valid('query');
    return c.json(await listPublicReviews(c.var.db, { treatment, product }, page), 200, {
      'Cache-Control': 'no-store',
    });
  })
  // Not /reviews/:token: that would also match /reviews/pending, a staff route.
  .get('/review-requests/:token', async (c) => {
    const found = await requestOfToken(c.var.db, c.req.param('token'));
    if (!found) return c.json({ message: reviewMessages.badLink }, 404);
    return c.json(reviewRequestView(found), 200, { 'Cache-Control': 'no-store' });
  })
  .post('/reviews/:token', rateLimit('FORM_LIMITER', 'review'), validate('json', reviewBody), async (c) => {
    const found = await requestOfToken(c.var.db, c.req.param('token'));
    if (!found) return c.json({ message: reviewMessages.badLink }, 400);
    if (found.reviewed) return c.json({ message: reviewMessages.alreadyReviewed }, 409);
    const review = await submitReview(c.var.db, found.request, c.req.valid('json'));
    // A second review racing the first: the unique key kept only one.
    if (!review) return c.json({ message: reviewMessages.alreadyReviewed }, 409);
    return c.json({ success: true as const, _id: review.id, status: review.status }, 201);
  });

/** Staff: the Reviews screen (approve, hide, reply). */
export const adminReviewRoutes = routeGroup()
  .get('/reviews/pending', validate('query', pageQuery), async (c) => {
    const { reviews, total } = await listStaffReviews(c.var.db, 'pending', c.req.valid('query'));
    return c.json({ reviews, total }, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .get(
    '/reviews/staff',
    validate('query', () => listQuery(reviewStatuses)),
    async (c) => {
      const { status = 'approved', ...page } = c.req.valid('query');
      const { reviews, total } = await listStaffReviews(c.var.db, status, page);
      return c.json({ reviews, total }, 200, { [TOTAL_COUNT_HEADER]: String(total) });
    },
  )
  .put('/reviews/:id', sameOriginJson, validate('json', moderationBody), async (c) => {
    const review = await moderateReview(
      c.var.db,
      c.req.param('id'),
      c.req.valid('json'),
      staffMember(c).name,
      new Date(),
    );
    if (!review) return c.json({ message: reviewMessages.notFound }, 404);
    // The home page, the treatments and the shop show approved reviews: rendered again at once.
    afterResponse(c, refreshCataloguePages(c.env));
    return c.json({ success: true as const, review });
  });
