import { sameOriginJson } from '../../middleware/admin-session';
import { validate } from '../../middleware/validate';
import { saveVisitForm, visitFormView } from '../../services/day/visit-forms';
import { visitFormSchema } from '../../shared/bookings/booking-schema';
import { routeGroup } from '../route-group';

/** A client's health form for a visit staff booked, through its private link (no sign-in). */
export const visitFormRoutes = routeGroup()
  .get('/visit-form/:token', async (c) => {
    const view = await visitFormView(c.var.db, c.req.param('token'), c.env.MANAGE_LINK_SECRET, new Date());
    if (!view.ok) return c.json({ message: view.message }, view.status);
    return c.json({ visit: view.visit, done: view.done }, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/visit-form/:token', sameOriginJson, validate('json', visitFormSchema), async (c) => {
    const token = c.req.param('token');
    const result = await saveVisitForm(c.var.db, token, c.env.MANAGE_LINK_SECRET, c.req.valid('json'), new Date());
    if (!result.ok) return c.json({ message: result.message }, result.status);
    return c.json({ success: true as const });
  });
