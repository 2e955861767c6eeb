import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { scopeOf } from '../../middleware/scope';
import { validate } from '../../middleware/validate';
import { announceMove, refundAndAnnounceCancel } from '../../services/bookings/booking-change-effects';
import {
  bookingOfToken,
  cancelOwnBooking,
  managePageOfToken,
  manageView,
  otherTherapistNotice,
  rescheduleOwnBooking,
} from '../../services/bookings/manage-booking';
import { isTestMode } from '../../services/payments/gateway';
import { refundView } from '../../services/payments/refunds';
import { anyStartTimes } from '../../shared/bookings/schedule';
import { isIsoDate } from '../../shared/time';
import { routeGroup } from '../route-group';

export const manageBookingMessages = {
  notFound: 'We could not find this booking. Please check the link in your confirmation email.',
} as const;

const rescheduleBody = () =>
  z.object({
    date: z.string({ error: 'Please choose a date' }).check(z.refine(isIsoDate, 'Please choose a date')),
    time: z.enum(anyStartTimes as [string, ...string[]], { error: 'Please choose one of the listed times' }),
  });

/** Cancel takes no fields; requiring a JSON object keeps it a deliberate, same-origin request. */
const cancelBody = () => z.object({});

/** A visitor's own booking, through the private link of their confirmation. */
export const manageBookingRoutes = routeGroup()
  .get('/manage-booking/:token', async (c) => {
    const page = await managePageOfToken(c.var.db, c.req.param('token'), new Date());
    if (!page) return c.json({ message: manageBookingMessages.notFound }, 404);
    return c.json(page, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/manage-booking/:token/reschedule', sameOriginJson, validate('json', rescheduleBody), async (c) => {
    const booking = await bookingOfToken(c.var.db, c.req.param('token'));
    if (!booking) return c.json({ message: manageBookingMessages.notFound }, 404);
    const now = new Date();
    const result = await rescheduleOwnBooking(c.var.db, booking, c.req.valid('json'), now);
    if (!result.ok) return c.json({ message: result.message }, result.status ?? 409);
    await announceMove(scopeOf(c), result, 'visitor');
    const view = await manageView(c.var.db, result.booking, null, now);
    // Said plainly when their therapist was not free then and another one will look after them.
    const notice =
      result.otherTherapist && view.booking.therapist ? otherTherapistNotice(view.booking.therapist.name) : undefined;
    return c.json({ booking: view.booking, ...(notice ? { notice } : {}) });
  })
  .post('/manage-booking/:token/cancel', sameOriginJson, validate('json', cancelBody), async (c) => {
    const booking = await bookingOfToken(c.var.db, c.req.param('token'));
    if (!booking) return c.json({ message: manageBookingMessages.notFound }, 404);
    const now = new Date();
    const result = await cancelOwnBooking(c.var.db, booking, now, isTestMode(c.env));
    if (!result.ok) return c.json({ message: result.message }, 409);
    const refund = await refundAndAnnounceCancel(scopeOf(c), result, 'visitor');
    return c.json({
      booking: (await manageView(c.var.db, result.booking, refund, now)).booking,
      refund: refundView(refund),
    });
  });
