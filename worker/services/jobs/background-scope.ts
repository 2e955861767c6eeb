// The scope of work outside a request (the cron, the queue), wired to the waitlist's offering.
import type { Database } from '../../db/client';
import type { Bindings } from '../../env';
import type { Scope } from '../scope';
import { placesFreed } from '../time-waitlist/time-waitlist-offers';

/**
 * A scope for work outside a request (the cron, the queue): `later` collects the work, and
 * `finished` waits for all of it (what was handed over meanwhile too), so nothing is cut off.
 */
export function backgroundScope(
  env: Bindings,
  now: Date,
  db: Database,
): { scope: Scope; finished: () => Promise<void> } {
  const pending: Promise<unknown>[] = [];
  const scope: Scope = {
    db,
    env,
    now,
    later: (work) => pending.push(work),
    timeFreed: (dates) => placesFreed(scope, dates),
  };
  const finished = async () => {
    // Work handed over while waiting (an offer's messages) is waited for too.
    for (let done = 0; done < pending.length; ) {
      const batch = pending.slice(done);
      done = pending.length;
      await Promise.allSettled(batch);
    }
  };
  return { scope, finished };
}
