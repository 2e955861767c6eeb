import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { bookingOfToken, manageView } from '../services/manage-booking';

export const manageBookingMessages = {
  notFound: 'We could not find this booking. Please check the link in your confirmation email.',
} as const;

/** A visitor's own booking, through the private link of their confirmation. */
export const manageBookingRoutes = new Hono<AppEnv>().get('/manage-booking/:token', async (c) => {
  const booking = await bookingOfToken(c.var.db, c.req.param('token'));
  if (!booking) return c.json({ message: manageBookingMessages.notFound }, 404);
  return c.json(manageView(booking, new Date()), 200, { 'Cache-Control': 'no-store' });
});
