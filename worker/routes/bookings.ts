import { Hono } from 'hono';
import * as z from 'zod/mini';
import { serviceStatuses } from '../db/schema';
import type { AppEnv } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { announceMove, refundAndAnnounceCancel } from '../services/booking-change-effects';
import { cancelBooking, changeMessages, moveBooking } from '../services/booking-changes';
import { completeBooking, findBooking, listBookings } from '../services/bookings';
import { isTestMode } from '../services/payment-gateway';
import { refundView } from '../services/refunds';
import { slotCapacity } from '../services/slots';
import { timeSlots } from '../shared/booking';
import { TOTAL_COUNT_HEADER } from '../shared/pagination';
import { isIsoDate, lagosToUtc } from '../shared/time';
import { listQuery } from './list-query';

export const bookingMessages = {
  notFound: 'That booking no longer exists.',
  onlyComplete: 'Only a booked appointment can be marked complete, and only once.',
  oneChange: 'Send one change: mark completed, cancel (with refund true or false), or a new date and time.',
} as const;

/**
 * One change at a time: `{ serviceStatus: 'completed' }`, `{ serviceStatus: 'cancelled', refund }`
 * or `{ date, time }`. Staff have no 24-hour limit; the slot's room and closed days still hold.
 */
const updateBody = z
  .object({
    serviceStatus: z.optional(
      z.enum(['completed', 'cancelled'], { error: 'A booking can be marked completed or cancelled' }),
    ),
    refund: z.optional(z.boolean({ error: 'Say whether to refund: true or false' })),
    date: z.optional(z.string().check(z.refine(isIsoDate, 'Please choose a date'))),
    time: z.optional(z.enum(timeSlots, { error: 'Please choose one of the listed times' })),
  })
  .check(
    z.refine(
      (body) =>
        (body.serviceStatus === 'completed' && body.refund === undefined && !body.date && !body.time) ||
        (body.serviceStatus === 'cancelled' && body.refund !== undefined && !body.date && !body.time) ||
        (body.serviceStatus === undefined && body.refund === undefined && Boolean(body.date && body.time)),
      bookingMessages.oneChange,
    ),
  );

/** Staff only: the bookings list (a page of one tab), Mark Complete, Cancel and Move. */
export const bookingRoutes = new Hono<AppEnv>()
  .get('/bookings', requireAdmin, validate('query', listQuery(serviceStatuses)), async (c) => {
    const { status, page, pageSize } = c.req.valid('query');
    const { bookings, total } = await listBookings(c.var.db, status, { page, pageSize });
    return c.json(bookings, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .put('/bookings/:id', requireAdmin, sameOriginJson, validate('json', updateBody), async (c) => {
    const body = c.req.valid('json');
    const id = c.req.param('id');
    if (body.serviceStatus === 'completed') {
      const result = await completeBooking(c.var.db, id);
      if (!result.ok) {
        return result.reason === 'not-found'
          ? c.json({ message: bookingMessages.notFound }, 404)
          : c.json({ message: bookingMessages.onlyComplete }, 409);
      }
      return c.json({ success: true as const, serviceStatus: 'completed' as const });
    }
    const booking = await findBooking(c.var.db, id);
    if (!booking) return c.json({ message: bookingMessages.notFound }, 404);
    const now = new Date();
    if (body.serviceStatus === 'cancelled') {
      const result = await cancelBooking(c.var.db, booking, {
        now,
        actor: 'staff',
        refund: body.refund === true,
        testMode: isTestMode(c.env),
      });
      if (!result.ok) return c.json({ message: result.message }, 409);
      const refund = await refundAndAnnounceCancel(c, result, 'staff');
      return c.json({ success: true as const, serviceStatus: 'cancelled' as const, refund: refundView(refund) });
    }
    const target = { date: body.date ?? '', time: body.time ?? '' };
    if (lagosToUtc(target.date, target.time).getTime() <= now.getTime()) {
      return c.json({ message: changeMessages.past }, 409);
    }
    const result = await moveBooking(c.var.db, booking, target, {
      now,
      defaultCapacity: slotCapacity(c.env.SLOT_CAPACITY),
      actor: 'staff',
    });
    if (!result.ok) return c.json({ message: result.message }, 409);
    await announceMove(c, result, 'staff');
    return c.json({ success: true as const, date: result.booking.date, time: result.booking.time });
  });
