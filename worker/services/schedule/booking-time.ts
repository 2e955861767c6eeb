/**
 * Finding a booking its time: the therapist and room for a visit at a chosen start, or a plain
 * message saying why there is none, and the loop every writer (an online hold, a staff booking, a
 * move) runs: read the schedule, choose, write in one batch; if another writer took the time
 * first (the batch failed on time_blocks' key and wrote nothing), read again and choose again.
 */
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clockTime, LAST_START_MINUTE, startTimes, timeRange, visitLength } from '../../shared/bookings/schedule';
import { sameTreatment } from '../../shared/catalogue/treatments';
import { type Candidate, loadSchedule, type Schedule, startOption, type Visit, visitMinutes } from './schedule';
import { isTimeTaken, TAKE_ATTEMPTS } from './time-blocks';

export const timeMessages = {
  full: 'Sorry, that time has just been fully booked. Please choose another time.',
  closed: (reason: string) => `The studio is closed that day (${reason}). Please choose another date.`,
  unknownTherapist: 'Please choose one of the listed therapists, or "Any therapist".',
  notGiven: (therapist: string, treatment: string) =>
    `${therapist} does not give ${treatment}. Please choose another therapist, or "Any therapist".`,
  nobodyGivesAll:
    'No therapist gives all of these treatments in one visit. Please choose fewer treatments, or book them as separate visits.',
  dayOff: (therapist: string) =>
    `${therapist} is not working that day. Please choose another date or another therapist.`,
  outsideHours: (therapist: string, range: string) =>
    `${therapist} is not working for the whole visit (${range}) at that time. Please choose another time.`,
  therapistBusy: (therapist: string) =>
    `Sorry, ${therapist} is booked at that time. Please choose another time, or "Any therapist".`,
  overnightStart: (time: string) => `An overnight visit starts at ${time}. Please choose ${time}.`,
  notListed: 'Please choose one of the listed times.',
} as const;

export type TimeRefusal = { ok: false; status: 400 | 409; message: string };

/** The chosen therapist and room for a visit, and the blocks it takes. */
export interface TimeChoice extends Omit<Candidate, 'roomIds'> {
  roomId: string;
}

/** Menu ids of treatment names (bookings store names); undefined for a name not on `menu`. */
export function treatmentIdsOf(
  names: readonly string[],
  menu: ReadonlyArray<{ id: string; name: string }>,
): string[] | undefined {
  const ids = names.map((name) => menu.find((treatment) => sameTreatment(treatment.name, name))?.id);
  return ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
}

/** The therapist and room the visit gets at `time` on `date`, or why it cannot have them. */
export function chooseTime(
  schedule: Schedule,
  visit: Visit,
  date: string,
  time: string,
  now: Date,
): ({ ok: true } & TimeChoice) | TimeRefusal {
  if (!startTimes(schedule.step).includes(time)) return { ok: false, status: 400, message: timeMessages.notListed };
  const named =
    visit.therapistId === 'any'
      ? undefined
      : schedule.therapists.find((therapist) => therapist.id === visit.therapistId && therapist.active);
  if (visit.therapistId !== 'any' && !named) return { ok: false, status: 400, message: timeMessages.unknownTherapist };
  const missing = named && visit.treatmentIds.find((id) => !named.treatments.has(id));
  if (named && missing)
    return {
      ok: false,
      status: 400,
      message: timeMessages.notGiven(named.name, schedule.treatmentNames.get(missing) ?? missing),
    };

  const closure = schedule.closures.get(date);
  if (closure !== undefined) return { ok: false, status: 409, message: timeMessages.closed(closure) };
  const option = startOption(schedule, visit, date, time, now);
  const best = option.candidates[0];
  const roomId = best?.roomIds[0];
  if (best && roomId) {
    const { roomIds: _rooms, ...choice } = best;
    return { ok: true, ...choice, roomId };
  }
  return { ok: false, status: 409, message: whyNot(schedule, visit, date, time, named) };
}

function whyNot(
  schedule: Schedule,
  visit: Visit,
  date: string,
  time: string,
  named: Schedule['therapists'][number] | undefined,
): string {
  const length = visitLength(visit.treatmentIds.map((id) => schedule.timings.get(id)).filter((t) => t !== undefined));
  if (length.overnight && time !== clockTime(LAST_START_MINUTE)) {
    return timeMessages.overnightStart(clockTime(LAST_START_MINUTE));
  }
  if (!named) {
    const anyQualified = schedule.therapists.some(
      (therapist) => therapist.active && visit.treatmentIds.every((id) => therapist.treatments.has(id)),
    );
    return anyQualified ? timeMessages.full : timeMessages.nobodyGivesAll;
  }
  if (named.timeOff.has(date)) return timeMessages.dayOff(named.name);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (visitMinutes(schedule, visit, named, date, hours * 60 + minutes) === undefined) {
    return timeMessages.outsideHours(named.name, timeRange(time, length.minutes));
  }
  return timeMessages.therapistBusy(named.name);
}

export type TakeResult<T> = ({ ok: true; value: T } & TimeChoice) | TimeRefusal;

/**
 * Reads the schedule, chooses a therapist and room, and runs `write` (one batch that takes the
 * blocks); if the batch lost a race for them, looks again. `excluding` selects payment references
 * whose blocks do not count (a booking's own while it moves, a hold being replaced); `schedule`, a
 * read of the day with the same `excluding` already in flight, serves the first look.
 */
export async function takeTime<T>(
  db: Database,
  request: { visit: Visit; date: string; time: string; now: Date; excluding?: SQL; schedule?: Promise<Schedule> },
  write: (choice: TimeChoice) => Promise<T>,
): Promise<TakeResult<T>> {
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt++) {
    const schedule = await ((attempt === 0 ? request.schedule : undefined) ??
      loadSchedule(db, request.date, request.date, request.now, { excluding: request.excluding }));
    const chosen = chooseTime(schedule, request.visit, request.date, request.time, request.now);
    if (!chosen.ok) return chosen;
    const { ok: _ok, ...choice } = chosen;
    try {
      return { ok: true, ...choice, value: await write(choice) };
    } catch (error) {
      if (!isTimeTaken(error)) throw error;
    }
  }
  return { ok: false, status: 409, message: timeMessages.full };
}
