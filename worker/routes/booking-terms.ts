import * as z from 'zod/mini';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { needsFullPayment } from '../services/no-show-rule';
import { emailAddress, phoneNumber } from '../shared/contact-schema';
import { routeGroup } from './route-group';

const termsBody = () => z.object({ email: emailAddress(), phone: phoneNumber() });

/**
 * What the booking page asks once the visitor's email and phone are given: whether this booking
 * must be paid in full. Only that, never why (anyone may type anyone's email); rate limited.
 */
export const bookingTermsRoutes = routeGroup().post(
  '/booking-terms',
  rateLimit('FORM_LIMITER', 'booking-terms'),
  validate('json', termsBody),
  async (c) => {
    const payInFull = await needsFullPayment(c.var.db, c.req.valid('json'), new Date());
    return c.json({ payInFull }, 200, { 'Cache-Control': 'no-store' });
  },
);
