import { Hono } from 'hono';
import * as z from 'zod/mini';
import { serviceStatuses } from '../db/schema';
import type { AppEnv } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { completeBooking, listBookings } from '../services/bookings';
import { TOTAL_COUNT_HEADER } from '../shared/pagination';
import { listQuery } from './list-query';

export const bookingMessages = {
  notFound: 'That booking no longer exists.',
  onlyComplete: 'Only a booked appointment can be marked complete, and only once.',
} as const;

const updateBody = z.object({
  serviceStatus: z.literal('completed', { error: 'A booking can only be marked completed' }),
});

/** Staff only: the bookings list (a page of one tab) and Mark Complete. */
export const bookingRoutes = new Hono<AppEnv>()
  .get('/bookings', requireAdmin, validate('query', listQuery(serviceStatuses)), async (c) => {
    const { status, page, pageSize } = c.req.valid('query');
    const { bookings, total } = await listBookings(c.var.db, status, { page, pageSize });
    return c.json(bookings, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .put('/bookings/:id', requireAdmin, sameOriginJson, validate('json', updateBody), async (c) => {
    const result = await completeBooking(c.var.db, c.req.param('id'));
    if (!result.ok) {
      return result.reason === 'not-found'
        ? c.json({ message: bookingMessages.notFound }, 404)
        : c.json({ message: bookingMessages.onlyComplete }, 409);
    }
    return c.json({ success: true as const, serviceStatus: 'completed' as const });
  });
