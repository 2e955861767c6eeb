import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import {
  capacityByWeekday,
  closeDay,
  listClosures,
  listClosuresWithBookings,
  reopenDay,
  setCapacityByWeekday,
} from '../services/closures';
import { slotCapacity } from '../services/slots';
import { singleLine } from '../shared/plain-text';
import { isIsoDate, lagosDate } from '../shared/time';

export const closureMessages = {
  date: 'Please give a date as yyyy-MM-dd',
  pastDate: 'That day has already passed.',
  reason: 'Please say why the studio is closed (at most 120 characters)',
  alreadyClosed: 'The studio is already closed that day.',
  notClosed: 'The studio is not closed that day.',
  capacity: 'Each day needs a whole number of places per slot, from 0 to 20.',
} as const;

const isoDate = z.string({ error: closureMessages.date }).check(z.refine(isIsoDate, closureMessages.date));

const closureBody = z.object({
  date: isoDate,
  reason: z
    .string({ error: closureMessages.reason })
    .check(singleLine(), z.trim(), z.minLength(1, closureMessages.reason), z.maxLength(120, closureMessages.reason)),
});

const places = z
  .int({ error: closureMessages.capacity })
  .check(z.minimum(0, closureMessages.capacity), z.maximum(20, closureMessages.capacity));
const weekdays = ['0', '1', '2', '3', '4', '5', '6'] as const;

const capacityBody = z.object({
  /** SLOT_CAPACITY, shown to staff; a setting of the deployment, not changed here. */
  default: z.optional(z.number()),
  byWeekday: z.object(
    Object.fromEntries(weekdays.map((day) => [day, places])) as Record<(typeof weekdays)[number], typeof places>,
    {
      error: closureMessages.capacity,
    },
  ),
});

/** Anyone: the closed days from today on (the booking page shows them unavailable). */
export const publicClosureRoutes = new Hono<AppEnv>().get('/closures', async (c) =>
  c.json(await listClosures(c.var.db, lagosDate(new Date())), 200, { 'Cache-Control': 'no-store' }),
);

/** Staff only: close and reopen days, and set the places per slot for each day of the week. */
export const adminClosureRoutes = new Hono<AppEnv>()
  .get('/closures/with-bookings', requireAdmin, async (c) =>
    c.json(await listClosuresWithBookings(c.var.db, lagosDate(new Date()))),
  )
  .post('/closures', requireAdmin, sameOriginJson, validate('json', closureBody), async (c) => {
    const closure = c.req.valid('json');
    if (closure.date < lagosDate(new Date())) return c.json({ message: closureMessages.pastDate }, 409);
    const result = await closeDay(c.var.db, closure);
    if (!result) return c.json({ message: closureMessages.alreadyClosed }, 409);
    return c.json({ ...result.closure, bookedCount: result.bookedCount }, 201);
  })
  .delete('/closures/:date', requireAdmin, sameOriginJson, async (c) => {
    const date = c.req.param('date');
    if (!isIsoDate(date)) return c.json({ message: closureMessages.date }, 400);
    if (!(await reopenDay(c.var.db, date))) return c.json({ message: closureMessages.notClosed }, 404);
    return c.body(null, 204);
  })
  .get('/capacity', requireAdmin, async (c) => {
    const fallback = slotCapacity(c.env.SLOT_CAPACITY);
    return c.json({ default: fallback, byWeekday: await capacityByWeekday(c.var.db, fallback) });
  })
  .put('/capacity', requireAdmin, sameOriginJson, validate('json', capacityBody), async (c) => {
    const fallback = slotCapacity(c.env.SLOT_CAPACITY);
    await setCapacityByWeekday(c.var.db, c.req.valid('json').byWeekday);
    return c.json({ default: fallback, byWeekday: await capacityByWeekday(c.var.db, fallback) });
  });
