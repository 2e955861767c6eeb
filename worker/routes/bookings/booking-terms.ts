import * as z from 'zod/mini';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { bookingTermsPayInFull } from '../../services/bookings/no-show-rule';
import { phoneKeyOf } from '../../services/clients/client-records';
import { emailAddress, phoneNumber } from '../../shared/contact-schema';
import { signedIn } from '../clients/my-page';
import { routeGroup } from '../route-group';

const termsBody = () => z.object({ email: emailAddress(), phone: phoneNumber() });

/**
 * What the booking page asks once the visitor's email and phone are given: whether this booking
 * must be paid in full. Only that, never why (anyone may type anyone's email), and only when the
 * email and phone are one client record's or the browser is signed in as that person
 * (bookingTermsPayInFull); rate limited.
 */
export const bookingTermsRoutes = routeGroup().post(
  '/booking-terms',
  rateLimit('FORM_LIMITER', 'booking-terms'),
  validate('json', termsBody),
  async (c) => {
    const contact = c.req.valid('json');
    // Signed in at /account as the person the email or the phone names (their contact key).
    const own = signedIn(c).then(
      (session) =>
        session !== undefined &&
        (session.contact === `email:${contact.email.trim().toLowerCase()}` ||
          session.contact === `phone:${phoneKeyOf(contact.phone)}`),
    );
    const payInFull = await bookingTermsPayInFull(c.var.db, contact, new Date(), own);
    return c.json({ payInFull }, 200, { 'Cache-Control': 'no-store' });
  },
);
