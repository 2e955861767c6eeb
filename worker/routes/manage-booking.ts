import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { bookingOfToken, manageView, rescheduleBooking } from '../services/manage-booking';
import { slotCapacity } from '../services/slots';
import { timeSlots } from '../shared/booking';
import { isIsoDate } from '../shared/time';

export const manageBookingMessages = {
  notFound: 'We could not find this booking. Please check the link in your confirmation email.',
} as const;

const rescheduleBody = z.object({
  date: z.string({ error: 'Please choose a date' }).check(z.refine(isIsoDate, 'Please choose a date')),
  time: z.enum(timeSlots, { error: 'Please choose one of the listed times' }),
});

/** A visitor's own booking, through the private link of their confirmation. */
export const manageBookingRoutes = new Hono<AppEnv>()
  .get('/manage-booking/:token', async (c) => {
    const booking = await bookingOfToken(c.var.db, c.req.param('token'));
    if (!booking) return c.json({ message: manageBookingMessages.notFound }, 404);
    return c.json(manageView(booking, new Date()), 200, { 'Cache-Control': 'no-store' });
  })
  .post('/manage-booking/:token/reschedule', sameOriginJson, validate('json', rescheduleBody), async (c) => {
    const booking = await bookingOfToken(c.var.db, c.req.param('token'));
    if (!booking) return c.json({ message: manageBookingMessages.notFound }, 404);
    const now = new Date();
    const result = await rescheduleBooking(
      c.var.db,
      booking,
      c.req.valid('json'),
      now,
      slotCapacity(c.env.SLOT_CAPACITY),
    );
    if (!result.ok) return c.json({ message: result.message }, 409);
    return c.json({ booking: manageView(result.booking, now).booking });
  });
