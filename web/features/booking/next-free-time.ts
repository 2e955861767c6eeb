/**
 * The first time after a full day at which the visit can be booked: the free days of that month
 * and the next two (the availability API's month), then the first of them with a start time left.
 */
import { lagosToUtc } from '../../../worker/shared/time';

export interface FreeTime {
  date: string;
  time: string;
}

/** At most this many days are asked for their times: the month says which are open already. */
const DAYS_ASKED = 4;
const MONTHS_LOOKED = 3;

const monthAfter = (month: string) => {
  const [year = 0, index = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, index, 1)).toISOString().slice(0, 7);
};

async function getJson<T>(path: string, query: URLSearchParams): Promise<T> {
  const response = await fetch(`${path}?${query}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The query of the visit: its treatments (catalogue ids, by commas) and its therapist, unless any. */
function visitQuery(treatmentList: string, therapist: string, extra: Record<string, string>) {
  const query = new URLSearchParams(extra);
  if (treatmentList) query.set('treatments', treatmentList);
  if (therapist !== 'any') query.set('therapist', therapist);
  return query;
}

/** The open days after `after`, in order, from its month on. */
async function openDaysAfter(after: string, treatmentList: string, therapist: string): Promise<string[]> {
  let month = after.slice(0, 7);
  for (let looked = 0; looked < MONTHS_LOOKED; looked++, month = monthAfter(month)) {
    const { days } = await getJson<{ days: Array<{ date: string; open: boolean }> }>(
      '/api/availability/month',
      visitQuery(treatmentList, therapist, { month }),
    );
    const open = days.filter((day) => day.open && day.date > after).map((day) => day.date);
    if (open.length > 0) return open;
  }
  return [];
}

/** The next time the visit can take after the day `after`; undefined when none is near. */
export async function nextFreeTime(
  after: string,
  treatmentList: string,
  therapist: string,
  allowed: (date: string, time: string) => boolean = () => true,
): Promise<FreeTime | undefined> {
  const days = (await openDaysAfter(after, treatmentList, therapist)).slice(0, DAYS_ASKED);
  for (const date of days) {
    const { slots } = await getJson<{ slots: Array<{ time: string; left: number }> }>(
      '/api/availability',
      visitQuery(treatmentList, therapist, { date }),
    );
    const free = slots.find((slot) => slot.left > 0 && allowed(date, slot.time));
    if (free) return { date, time: free.time };
  }
  return undefined;
}

/**
 * Whether a day has full times still to come at `now`: what the waitlist is for. A time already
 * gone (today's past hours) is nobody's to wait for, and a day that has passed has none.
 */
export const hasFullTimesAhead = (date: string, slots: ReadonlyArray<{ time: string; left: number }>, now: Date) =>
  slots.some((slot) => slot.left === 0 && lagosToUtc(date, slot.time).getTime() > now.getTime());
