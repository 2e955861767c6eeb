import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { recordHealthView, recordVisitNotesView } from '../../middleware/audit-trail';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { todayView } from '../../services/day/today';
import { saveVisitNotes, VISIT_NOTES_MAX, visitNotesMessages } from '../../services/day/visit-notes';
import { accessMessages } from '../../shared/permissions';
import { linesOf } from '../../shared/plain-text';
import { isIsoDate, lagosDate } from '../../shared/time';
import { routeGroup } from '../route-group';
import { bookingMessages } from './bookings';

const todayQuery = () =>
  z.object({
    date: z.optional(z.string().check(z.refine(isIsoDate, 'Please choose a date'))),
    /** A therapist's id, or 'all' (ignored for a therapist: their own visits). */
    therapistId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  });

const notesBody = () =>
  z.object({
    text: linesOf(1, VISIT_NOTES_MAX, visitNotesMessages.empty, visitNotesMessages.tooLong),
  });

/** Staff: the day's visits (Today), and the notes written after a visit. */
export const todayRoutes = routeGroup()
  .get('/today', validate('query', todayQuery), async (c) => {
    const { date, therapistId } = c.req.valid('query');
    const member = staffMember(c);
    const day = await todayView(c.var.db, member, date ?? lagosDate(new Date()), therapistId, c.env.MANAGE_LINK_SECRET);
    recordHealthView(c, day.visits);
    recordVisitNotesView(
      c,
      day.visits.filter((visit) => visit.lastNotes || visit.visitNotes).map((visit) => visit._id),
    );
    return c.json(day, 200, { 'Cache-Control': 'no-store' });
  })
  .post('/bookings/:id/notes', sameOriginJson, validate('json', notesBody), async (c) => {
    const result = await saveVisitNotes(
      c.var.db,
      c.req.param('id'),
      c.req.valid('json').text,
      staffMember(c),
      new Date(),
    );
    if (!result.ok) {
      if (result.reason === 'not-found') return c.json({ message: bookingMessages.notFound }, 404);
      if (result.reason === 'not-theirs') return c.json({ message: accessMessages.forbidden }, 403);
      return c.json({ message: result.message }, 409);
    }
    const { text, writtenBy, writtenAt } = result.note;
    return c.json({ success: true as const, visitNotes: { text, writtenBy, writtenAt } });
  });
