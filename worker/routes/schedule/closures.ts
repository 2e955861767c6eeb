import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { scopeOf } from '../../middleware/scope';
import { validate } from '../../middleware/validate';
import { closeDay, listClosures, listClosuresWithBookings, reopenDay } from '../../services/schedule/closures';
import { lineOf } from '../../shared/plain-text';
import { isIsoDate, lagosDate } from '../../shared/time';
import { routeGroup } from '../route-group';

export const closureMessages = {
  date: 'Please give a date as yyyy-MM-dd',
  pastDate: 'That day has already passed.',
  reason: 'Please say why the studio is closed (at most 120 characters)',
  alreadyClosed: 'The studio is already closed that day.',
  notClosed: 'The studio is not closed that day.',
} as const;

const isoDate = () => z.string({ error: closureMessages.date }).check(z.refine(isIsoDate, closureMessages.date));

const closureBody = () =>
  z.object({
    date: isoDate(),
    reason: lineOf(1, 120, closureMessages.reason),
  });

/** Anyone: the closed days from today on (the booking page shows them unavailable). */
export const publicClosureRoutes = routeGroup().get('/closures', async (c) =>
  c.json(await listClosures(c.var.db, lagosDate(new Date())), 200, { 'Cache-Control': 'no-store' }),
);

/** Staff only: close and reopen days. */
export const adminClosureRoutes = routeGroup()
  .get('/closures/with-bookings', async (c) => c.json(await listClosuresWithBookings(c.var.db, lagosDate(new Date()))))
  .post('/closures', sameOriginJson, validate('json', closureBody), async (c) => {
    const closure = c.req.valid('json');
    if (closure.date < lagosDate(new Date())) return c.json({ message: closureMessages.pastDate }, 409);
    const result = await closeDay(c.var.db, closure);
    if (!result) return c.json({ message: closureMessages.alreadyClosed }, 409);
    return c.json({ ...result.closure, bookedCount: result.bookedCount }, 201);
  })
  .delete('/closures/:date', sameOriginJson, async (c) => {
    const date = c.req.param('date');
    if (!isIsoDate(date)) return c.json({ message: closureMessages.date }, 400);
    if (!(await reopenDay(c.var.db, date))) return c.json({ message: closureMessages.notClosed }, 404);
    scopeOf(c).timeFreed([date]);
    return c.body(null, 204);
  });
