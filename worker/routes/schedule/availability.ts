import * as z from 'zod/mini';
import { validate } from '../../middleware/validate';
import { availabilityAnswer } from '../../services/schedule/availability-answers';
import { dayAvailability, monthAvailability, type Schedule, type Visit } from '../../services/schedule/schedule';
import { addDays, isIsoDate } from '../../shared/time';
import { routeGroup } from '../route-group';

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
const knownTreatments = (visit: Visit, schedule: Schedule) =>
  visit.treatmentIds.every((id) => schedule.timings.has(id));

/** A named therapist must be an active one (their treatments are checked by the slots: none left). */
const knownTherapist = (visit: Visit, schedule: Schedule) =>
  visit.therapistId === 'any' ||
  schedule.therapists.some((therapist) => therapist.id === visit.therapistId && therapist.active);

const lastDayOf = (month: string) => addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);

/** The visit's query as the answers are kept: the same visit asks the same question. */
const visitKey = (visit: Visit) => `${visit.treatmentIds.join(',')}|${visit.therapistId}`;

/** Why the visit cannot be answered for: treatments off the menu, or an unknown therapist. */
function refusal(visit: Visit, schedule: Schedule) {
  if (!knownTreatments(visit, schedule)) return { message: availabilityMessages.treatments };
  if (!knownTherapist(visit, schedule)) return { message: availabilityMessages.therapist };
  return undefined;
}

/**
 * Anyone: the start times of a day at which a therapist (and a room) is free for the whole visit,
 * and for a month the days that have any. Answers are kept per schedule version
 * (services/schedule/availability-answers.ts): one D1 round trip reads the version with the schedule,
 * which reads nothing while the kept answer still holds. What is shown is advice: the hold is taken
 * against a fresh read.
 */
export const availabilityRoutes = routeGroup()
  .get('/availability', validate('query', dayQuery), async (c) => {
    const query = c.req.valid('query');
    const visit = visitOf(query);
    const now = new Date();
    const window = { from: query.date, to: query.date, now };
    const answer = await availabilityAnswer(
      c.var.db,
      `day|${query.date}|${visitKey(visit)}`,
      window,
      (schedule) =>
        refusal(visit, schedule) ?? { date: query.date, ...dayAvailability(schedule, visit, query.date, now) },
    );
    if ('message' in answer) return c.json({ message: answer.message }, 400);
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/availability/month', validate('query', monthQuery), async (c) => {
    const query = c.req.valid('query');
    const visit = visitOf(query);
    const now = new Date();
    const window = { from: `${query.month}-01`, to: lastDayOf(query.month), now };
    const answer = await availabilityAnswer(
      c.var.db,
      `month|${query.month}|${visitKey(visit)}`,
      window,
      (schedule) =>
        refusal(visit, schedule) ?? {
          month: query.month,
          days: monthAvailability(schedule, visit, window.from, window.to, now),
        },
    );
    if ('message' in answer) return c.json({ message: answer.message }, 400);
    return c.json(answer, 200, { 'Cache-Control': 'no-store' });
  });
