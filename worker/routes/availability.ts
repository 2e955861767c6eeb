import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { validate } from '../middleware/validate';
import { availability, slotCapacity } from '../services/slots';
import { isIsoDate } from '../shared/time';

const availabilityQuery = z.object({
  date: z
    .string({ error: 'Please give a date as yyyy-MM-dd' })
    .check(z.refine(isIsoDate, 'Please give a date as yyyy-MM-dd')),
});

export const availabilityRoutes = new Hono<AppEnv>().get(
  '/availability',
  validate('query', availabilityQuery),
  async (c) => {
    const { date } = c.req.valid('query');
    const day = await availability(c.var.db, date, new Date(), slotCapacity(c.env.SLOT_CAPACITY));
    return c.json({ date, ...day }, 200, { 'Cache-Control': 'no-store' });
  },
);
