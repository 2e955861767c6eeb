/**
 * What a service is given of one request (or one cron run), built at the edge
 * (`middleware/scope.ts`): the database, the Worker's bindings, the time, and `later` for work the
 * visitor should not wait for (queueing messages). Services never see Hono's context.
 */
import type { Database } from '../db/client';
import type { Bindings } from '../env';

export interface Scope {
  db: Database;
  env: Bindings;
  now: Date;
  /** Work that must finish after the response: the request's waitUntil, or the cron's list. */
  later: (work: Promise<unknown>) => void;
}

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
  const scope: Scope = { db, env, now, later: (work) => pending.push(work) };
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
