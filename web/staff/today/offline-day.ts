/**
 * Today without a network (power cuts, data running out): the last day loaded is kept in the
 * browser, and the status changes and notes made meanwhile wait there, in the order they were
 * made, until they can be sent. One the server refuses (the visit was moved or cancelled
 * meanwhile) stays, with the server's reason, until staff have read it: nothing is lost silently.
 * All of it belongs to the person signed in when it was kept: it leaves the browser when their
 * session ends, however it ends (admin-session.ts), and a change made by one person is never sent
 * under another's session.
 */
import type { StatusChange } from '../../../worker/shared/bookings/visit-rules';
import { ApiError } from '../../lib/api-client';

export type WaitingChange = { kind: 'status'; to: StatusChange } | { kind: 'notes'; text: string };

export interface Waiting {
  id: string;
  /** The staff member who made it: it is sent under their session only. */
  by: string;
  bookingId: string;
  clientName: string;
  change: WaitingChange;
  /** ISO time it was made. */
  madeAt: string;
  /** The server's reason, once it refused this change. */
  refused?: string;
}

const QUEUE_KEY = 'studio.today.waiting';
const DAY_KEY = 'studio.today.day:';

function read<T>(key: string): T | undefined {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage: the screen still works online.
  }
}

export const waitingChanges = (): Waiting[] => read<Waiting[]>(QUEUE_KEY) ?? [];

export function addWaiting(change: Omit<Waiting, 'id' | 'madeAt'>): void {
  write(QUEUE_KEY, [...waitingChanges(), { ...change, id: crypto.randomUUID(), madeAt: new Date().toISOString() }]);
}

export function dismissWaiting(id: string): void {
  write(
    QUEUE_KEY,
    waitingChanges().filter((waiting) => waiting.id !== id),
  );
}

/** Whether an error means the request never reached the server (then the change waits). */
export const isOffline = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The round of sending under way, if any: two at once would send a change twice. */
let sending: Promise<number> | undefined;

/**
 * Sends the waiting changes in order, under the session of `by` (who is signed in now). A change
 * the server refuses is kept with its reason and the rest go on; a network failure stops the round
 * (the rest wait for the next); a change someone else made is dropped, never sent as this person's.
 * One round at a time: a call during a round joins it, and changes made meanwhile go in a round
 * after it. Answers how many were sent.
 */
export function sendWaiting(send: (waiting: Waiting) => Promise<unknown>, by: string): Promise<number> {
  sending ??= sendRounds(send, by).finally(() => {
    sending = undefined;
  });
  return sending;
}

async function sendRounds(send: (waiting: Waiting) => Promise<unknown>, by: string): Promise<number> {
  let sent = 0;
  write(
    QUEUE_KEY,
    waitingChanges().filter((waiting) => waiting.by === by),
  );
  for (;;) {
    const unsent = waitingChanges().filter((waiting) => !waiting.refused && waiting.by === by);
    if (unsent.length === 0) return sent;
    for (const waiting of unsent) {
      try {
        await send(waiting);
        dismissWaiting(waiting.id);
        sent++;
      } catch (error) {
        if (isOffline(error)) return sent;
        const refused = error instanceof ApiError ? error.message : 'The studio could not take this change.';
        write(
          QUEUE_KEY,
          waitingChanges().map((each) => (each.id === waiting.id ? { ...each, refused } : each)),
        );
      }
    }
  }
}

/**
 * The session's end (signing out, a 401, a session gone when the page opens, another person
 * signing in): the days kept (clients' names, and health answers for those who read them) and
 * anything still waiting leave this browser with the person.
 */
export function forgetTodayData(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key === QUEUE_KEY || key.startsWith(DAY_KEY)) localStorage.removeItem(key);
    }
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** The last answer loaded for a day and therapist, and when. */
export interface KeptDay<Day> {
  day: Day;
  savedAt: string;
}

export const keptDay = <Day>(key: string) => read<KeptDay<Day>>(`${DAY_KEY}${key}`);

export function keepDay<Day>(key: string, day: Day): void {
  write(`${DAY_KEY}${key}`, { day, savedAt: new Date().toISOString() } satisfies KeptDay<Day>);
}
