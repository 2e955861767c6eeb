import * as z from 'zod/mini';
import { validate } from '../middleware/validate';
import { dayAvailability, loadSchedule, monthAvailability, type Visit } from '../services/schedule';
import { addDays, isIsoDate } from '../shared/time';
import { routeGroup } from './route-group';

export const availabilityMessages = {
  date: 'Please give a date as yyyy-MM-dd',
  month: 'Please give a month as yyyy-MM',
  treatments: 'Please choose treatments from the menu.',
  therapist: 'Please choose one of the listed therapists, or "Any therapist".',
} as const;

/** `treatments=<id>,<id>` (menu ids, checked against the menu once read) and `therapist=<id>|any`. */
const visitQuery = () => ({
  treatments: z.optional(
    z.string().check(z.maxLength(600), z.regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, availabilityMessages.treatments)),
  ),
  therapist: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

const dayQuery = () =>
  z.object({
    date: z.string({ error: availabilityMessages.date }).check(z.refine(isIsoDate, availabilityMessages.date)),
    ...visitQuery(),
  });

const monthQuery = () =>
  z.object({
    month: z
      .string({ error: availabilityMessages.month })
      .check(z.refine((month) => /^\d{4}-\d{2}$/.test(month) && isIsoDate(`${month}-01`), availabilityMessages.month)),
    ...visitQuery(),
  });

function visitOf(query: { treatments?: string; therapist?: string }): Visit {
  const ids = query.treatments ? [...new Set(query.treatments.split(','))] : [];
  return { treatmentIds: ids, therapistId: query.therapist ?? 'any' };
}

/**
 * Treatments must be on the menu (the schedule as read holds it): hidden ones too, since a booking
 * of one made before staff hid it can still be moved; a new booking of one is refused at payment.
 */
const knownTreatments = (visit: Visit, schedule: Awaited<ReturnType<typeof loadSchedule>>) =>
  visit.treatmentIds.every((id) => schedule.timings.has(id));

/** A named therapist must be an active one (their treatments are checked by the slots: none left). */
const knownTherapist = (visit: Visit, schedule: Awaited<ReturnType<typeof loadSchedule>>) =>
  visit.therapistId === 'any' ||
  schedule.therapists.some((therapist) => therapist.id === visit.therapistId && therapist.active);

const lastDayOf = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/**
 * Anyone: the start times of a day at which a therapist (and a room) is free for the whole visit,
 * and for a month the days that have any. One D1 round trip each; the team (not the bookings) may
 * be a few seconds old (services/schedule.ts, TEAM_CACHE_MS): what is shown is advice, and the
 * hold is taken against a fresh read.
 */
export const availabilityRoutes = routeGroup()
  .get('/availability', validate('query', dayQuery), async (c) => {
    const query = c.req.valid('query');
    const visit = visitOf(query);
    const now = new Date();
    const schedule = await loadSchedule(c.var.db, query.date, query.date, now, { reuseTeam: true });
    if (!knownTreatments(visit, schedule)) return c.json({ message: availabilityMessages.treatments }, 400);
    if (!knownTherapist(visit, schedule)) return c.json({ message: availabilityMessages.therapist }, 400);
    return c.json({ date: query.date, ...dayAvailability(schedule, visit, query.date, now) }, 200, {
      'Cache-Control': 'no-store',
    });
  })
  .get('/availability/month', validate('query', monthQuery), async (c) => {
    const query = c.req.valid('query');
    const visit = visitOf(query);
    const now = new Date();
    const from = `${query.month}-01`;
    const to = lastDayOf(query.month);
    const schedule = await loadSchedule(c.var.db, from, to, now, { reuseTeam: true });
    if (!knownTreatments(visit, schedule)) return c.json({ message: availabilityMessages.treatments }, 400);
    if (!knownTherapist(visit, schedule)) return c.json({ message: availabilityMessages.therapist }, 400);
    return c.json({ month: query.month, days: monthAvailability(schedule, visit, from, to, now) }, 200, {
      'Cache-Control': 'no-store',
    });
  });
