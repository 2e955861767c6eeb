import * as z from 'zod/mini';
import type { AppEnv } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { recordHealthView } from '../../middleware/audit-trail';
import { scopeOf } from '../../middleware/scope';
import { staffMember } from '../../middleware/staff-access';
import { validate } from '../../middleware/validate';
import { treatmentIdsInOrder } from '../../services/catalogue/catalogue';
import { calendarOf } from '../../services/day/calendar';
import { readScheduleSettings, saveScheduleSettings } from '../../services/schedule/schedule-settings';
import {
  addTimeOff,
  createRoom,
  createTherapist,
  listRooms,
  listTherapists,
  publicTherapists,
  removeTimeOff,
  type TherapistView,
  updateRoom,
  updateTherapist,
  type WeeklyHours,
  weekdays,
} from '../../services/schedule/therapists-and-rooms';
import { isQuarterHour, minuteOfDay } from '../../shared/bookings/schedule';
import { OFFER_MINUTES_RANGE } from '../../shared/bookings/time-waitlist';
import { MAX_DURATION_MINUTES } from '../../shared/catalogue/catalogue-rules';
import { can } from '../../shared/permissions';
import { intFrom, lineOf } from '../../shared/plain-text';
import { addDays, isIsoDate, lagosDate } from '../../shared/time';
import { routeGroup } from '../route-group';

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const therapistsAndRoomsMessages = {
  healthRetention: 'Keep health answers for 1 to 120 months after the visit.',
  voucherValidity: 'A gift voucher is valid for 1 to 60 months from its delivery.',
  deskVoucherLimit: 'Reception’s daily limit of desk gift vouchers is ₦0 to ₦10,000,000, in whole naira.',
  noShowLimit: 'Choose from 0 (never) to 10 no-shows.',
  offerMinutes: `Hold an offered place for ${OFFER_MINUTES_RANGE.min} to ${OFFER_MINUTES_RANGE.max} minutes.`,
  name: 'Please give a name() (at most 60 characters).',
  treatments: 'Please choose treatments from the menu.',
  time: 'Please give times as HH:MM on the quarter hour, e.g. 09:00 or 13:30.',
  endsBeforeStart: (day: number, start: string, end: string) =>
    `Working hours() must end after they start (${dayNames[day]} ${start}–${end}).`,
  overlap: (day: number) => `Working hours() on ${dayNames[day]} overlap. Please give separate ranges.`,
  therapistNotFound: 'That therapist no longer exists.',
  roomNotFound: 'That room no longer exists.',
  hasBookings: (who: string, count: number) =>
    `${who} still has ${count === 1 ? 'a booking' : `${count} bookings`} ahead. Please move ${count === 1 ? 'it' : 'them'} first.`,
  date: 'Please give a date as yyyy-MM-dd',
  pastDate: 'That day has already passed.',
  reason: 'Please give a reason (at most 120 characters)',
  alreadyOff: 'That therapist already has that day off.',
  notOff: 'That therapist does not have that day off.',
  step: 'Start times go every 60 or every 30 minutes.',
  duration: `A treatment lasts 15 minutes to ${MAX_DURATION_MINUTES / 60} hours(), in steps of 15 minutes.`,
  buffer: 'A buffer is 0 to 120 minutes, in steps of 15.',
} as const;

// A treatment id's shape is checked here; that it is on the menu (which staff edit) by onTheMenu.
const treatmentId = () =>
  z
    .string({ error: therapistsAndRoomsMessages.treatments })
    .check(
      z.minLength(1, therapistsAndRoomsMessages.treatments),
      z.maxLength(64, therapistsAndRoomsMessages.treatments),
    );
const name = () => lineOf(1, 60, therapistsAndRoomsMessages.name);
const treatmentList = () =>
  z.array(treatmentId(), { error: therapistsAndRoomsMessages.treatments }).check(z.maxLength(200));
const clock = () =>
  z.string({ error: therapistsAndRoomsMessages.time }).check(z.refine(isQuarterHour, therapistsAndRoomsMessages.time));
const range = () =>
  z.object({
    start: clock(),
    end: z
      .string({ error: therapistsAndRoomsMessages.time })
      .check(z.refine((end) => end === '24:00' || isQuarterHour(end), therapistsAndRoomsMessages.time)),
  });
const hours = () =>
  z.partialRecord(z.enum(weekdays), z.array(range()).check(z.maxLength(6))).check(
    z.superRefine((week, context) => {
      for (const [day, ranges] of Object.entries(week)) {
        const sorted = [...(ranges ?? [])].sort((a, b) => minuteOfDay(a.start) - minuteOfDay(b.start));
        for (const [index, each] of sorted.entries()) {
          if (minuteOfDay(each.end) <= minuteOfDay(each.start)) {
            context.issues.push({
              code: 'custom',
              input: week,
              path: [day],
              message: therapistsAndRoomsMessages.endsBeforeStart(Number(day), each.start, each.end),
            });
            return;
          }
          const next = sorted[index + 1];
          if (next && minuteOfDay(next.start) < minuteOfDay(each.end)) {
            context.issues.push({
              code: 'custom',
              input: week,
              path: [day],
              message: therapistsAndRoomsMessages.overlap(Number(day)),
            });
            return;
          }
        }
      }
    }),
  );

const therapistBody = () =>
  z.object({ name: name(), treatments: z.optional(treatmentList()), hours: z.optional(hours()) });
const therapistChange = () =>
  z.object({
    name: z.optional(name()),
    active: z.optional(z.boolean()),
    treatments: z.optional(treatmentList()),
    hours: z.optional(hours()),
  });
const timeOffBody = () =>
  z.object({
    date: z
      .string({ error: therapistsAndRoomsMessages.date })
      .check(z.refine(isIsoDate, therapistsAndRoomsMessages.date)),
    reason: lineOf(1, 120, therapistsAndRoomsMessages.reason),
  });
const roomBody = () => z.object({ name: name(), treatments: z.optional(treatmentList()) });
const roomChange = () =>
  z.object({
    name: z.optional(name()),
    active: z.optional(z.boolean()),
    treatments: z.optional(treatmentList()),
  });
const settingsChange = () =>
  z.object({
    startStepMinutes: z.optional(z.union([z.literal(60), z.literal(30)], { error: therapistsAndRoomsMessages.step })),
    healthRetentionMonths: z.optional(intFrom(1, 120, therapistsAndRoomsMessages.healthRetention)),
    voucherValidityMonths: z.optional(intFrom(1, 60, therapistsAndRoomsMessages.voucherValidity)),
    deskVoucherDailyLimit: z.optional(intFrom(0, 10_000_000, therapistsAndRoomsMessages.deskVoucherLimit)),
    noShowLimit: z.optional(intFrom(0, 10, therapistsAndRoomsMessages.noShowLimit)),
    offerMinutes: z.optional(
      intFrom(OFFER_MINUTES_RANGE.min, OFFER_MINUTES_RANGE.max, therapistsAndRoomsMessages.offerMinutes),
    ),
    treatments: z.optional(
      z
        .array(
          z.object({
            _id: treatmentId(),
            durationMinutes: z.optional(
              z.nullable(
                z
                  .int({ error: therapistsAndRoomsMessages.duration })
                  .check(
                    z.minimum(15, therapistsAndRoomsMessages.duration),
                    z.maximum(MAX_DURATION_MINUTES, therapistsAndRoomsMessages.duration),
                    z.multipleOf(15, therapistsAndRoomsMessages.duration),
                  ),
              ),
            ),
            bufferMinutes: z.optional(
              z
                .int({ error: therapistsAndRoomsMessages.buffer })
                .check(
                  z.minimum(0, therapistsAndRoomsMessages.buffer),
                  z.maximum(120, therapistsAndRoomsMessages.buffer),
                  z.multipleOf(15, therapistsAndRoomsMessages.buffer),
                ),
            ),
          }),
        )
        .check(z.maxLength(200)),
    ),
  });

/** True when every id given is a treatment on the menu (hidden ones count: they may come back). */
async function onTheMenu(c: { var: AppEnv['Variables'] }, ids: readonly string[] | undefined): Promise<boolean> {
  if (!ids?.length) return true;
  const menu = new Set(await treatmentIdsInOrder(c.var.db));
  return ids.every((id) => menu.has(id));
}

const notOnTheMenu = { message: therapistsAndRoomsMessages.treatments } as const;

const calendarQuery = () =>
  z
    .object({
      from: z
        .string({ error: therapistsAndRoomsMessages.date })
        .check(z.refine(isIsoDate, therapistsAndRoomsMessages.date)),
      to: z
        .string({ error: therapistsAndRoomsMessages.date })
        .check(z.refine(isIsoDate, therapistsAndRoomsMessages.date)),
    })
    .check(
      z.refine(
        ({ from, to }) => from <= to && to <= addDays(from, 13),
        'Ask for at most two weeks, from a day to the same day or later.',
      ),
    );

const findTherapist = async (c: { var: AppEnv['Variables'] }, id: string) =>
  (await listTherapists(c.var.db, new Date())).find((therapist) => therapist._id === id);

/** Anyone: the therapists the booking page offers, with the treatments each gives. */
export const publicTherapistRoutes = routeGroup().get('/therapists', async (c) =>
  c.json(await publicTherapists(c.var.db), 200, { 'Cache-Control': 'no-store' }),
);

/** Staff only: therapists (hours(), treatments, days off), rooms, the Calendar and the scheduling settings. */
export const therapistsAndRoomsRoutes = routeGroup()
  .get('/staff', async (c) => {
    const team = await listTherapists(c.var.db, new Date());
    // A therapist reads the team to book a client's next visit with themselves: not colleagues'
    // days off, nor the clients booked on them (their own bookings only, as everywhere).
    const shown: TherapistView[] = can(staffMember(c).role, 'allBookings')
      ? team
      : team.map((therapist) => ({ ...therapist, timeOff: [] }));
    return c.json(shown);
  })
  .post('/staff', sameOriginJson, validate('json', therapistBody), async (c) => {
    if (!(await onTheMenu(c, c.req.valid('json').treatments))) return c.json(notOnTheMenu, 400);
    const id = await createTherapist(c.var.db, c.req.valid('json') as { name: string; hours?: Partial<WeeklyHours> });
    // A new therapist is new time: the waitlist may have it.
    scopeOf(c).timeFreed();
    return c.json(await findTherapist(c, id), 201);
  })
  .put('/staff/:id', sameOriginJson, validate('json', therapistChange), async (c) => {
    const id = c.req.param('id');
    if (!(await onTheMenu(c, c.req.valid('json').treatments))) return c.json(notOnTheMenu, 400);
    const result = await updateTherapist(
      c.var.db,
      id,
      c.req.valid('json') as { hours?: Partial<WeeklyHours> },
      new Date(),
    );
    if (!result.ok && result.reason === 'not-found')
      return c.json({ message: therapistsAndRoomsMessages.therapistNotFound }, 404);
    if (!result.ok && result.reason === 'has-bookings') {
      const therapist = await findTherapist(c, id);
      return c.json(
        {
          message: therapistsAndRoomsMessages.hasBookings(therapist?.name ?? 'This therapist', result.bookings.length),
          bookings: result.bookings,
        },
        409,
      );
    }
    // Hours widened, treatments added, back in work: the waitlist may have the new time.
    scopeOf(c).timeFreed();
    return c.json(await findTherapist(c, id));
  })
  .post('/staff/:id/time-off', sameOriginJson, validate('json', timeOffBody), async (c) => {
    const day = c.req.valid('json');
    if (day.date < lagosDate(new Date())) return c.json({ message: therapistsAndRoomsMessages.pastDate }, 409);
    const result = await addTimeOff(c.var.db, c.req.param('id'), day);
    if (!result.ok) {
      return result.reason === 'not-found'
        ? c.json({ message: therapistsAndRoomsMessages.therapistNotFound }, 404)
        : c.json({ message: therapistsAndRoomsMessages.alreadyOff }, 409);
    }
    return c.json({ ...day, bookings: result.bookings }, 201);
  })
  .delete('/staff/:id/time-off/:date', sameOriginJson, async (c) => {
    const date = c.req.param('date');
    if (!isIsoDate(date)) return c.json({ message: therapistsAndRoomsMessages.date }, 400);
    const removed = await removeTimeOff(c.var.db, c.req.param('id'), date);
    if (!removed) return c.json({ message: therapistsAndRoomsMessages.notOff }, 404);
    scopeOf(c).timeFreed([date]);
    return c.body(null, 204);
  })
  .get('/rooms', async (c) => c.json(await listRooms(c.var.db)))
  .post('/rooms', sameOriginJson, validate('json', roomBody), async (c) => {
    if (!(await onTheMenu(c, c.req.valid('json').treatments))) return c.json(notOnTheMenu, 400);
    const id = await createRoom(c.var.db, c.req.valid('json'));
    scopeOf(c).timeFreed();
    return c.json(
      (await listRooms(c.var.db)).find((room) => room._id === id),
      201,
    );
  })
  .put('/rooms/:id', sameOriginJson, validate('json', roomChange), async (c) => {
    const id = c.req.param('id');
    if (!(await onTheMenu(c, c.req.valid('json').treatments))) return c.json(notOnTheMenu, 400);
    const result = await updateRoom(c.var.db, id, c.req.valid('json'), new Date());
    if (!result.ok && result.reason === 'not-found')
      return c.json({ message: therapistsAndRoomsMessages.roomNotFound }, 404);
    if (result.ok) scopeOf(c).timeFreed();
    const room = (await listRooms(c.var.db)).find((each) => each._id === id);
    if (!result.ok && result.reason === 'has-bookings') {
      return c.json(
        {
          message: therapistsAndRoomsMessages.hasBookings(room?.name ?? 'This room', result.bookings.length),
          bookings: result.bookings,
        },
        409,
      );
    }
    return c.json(room);
  })
  .get('/calendar', validate('query', calendarQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    const calendar = await calendarOf(c.var.db, staffMember(c), from, to, new Date());
    recordHealthView(c, calendar.bookings);
    return c.json(calendar, 200, { 'Cache-Control': 'no-store' });
  })
  .get('/schedule-settings', async (c) => c.json(await readScheduleSettings(c.var.db)))
  .put('/schedule-settings', sameOriginJson, validate('json', settingsChange), async (c) => {
    const named = c.req.valid('json').treatments?.map((treatment) => treatment._id);
    if (!(await onTheMenu(c, named))) return c.json(notOnTheMenu, 400);
    await saveScheduleSettings(c.var.db, c.req.valid('json'));
    // Half-hour starts or shorter treatments can make room: the waitlist may have it.
    scopeOf(c).timeFreed();
    return c.json(await readScheduleSettings(c.var.db));
  });
