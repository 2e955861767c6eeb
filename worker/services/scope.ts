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
