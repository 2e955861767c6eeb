/**
 * What a service is given of one request (or one cron run), built at the edge
 * (`middleware/scope.ts`) or by the background's runner: the database, the Worker's bindings, the
 * time, `later` for work the visitor should not wait for (queueing messages), and `timeFreed`, the
 * one signal every writer gives when time may have freed. Services never see Hono's context.
 */
import type { Database } from '../db/client';
import type { Bindings } from '../env';

export interface Scope {
  db: Database;
  env: Bindings;
  now: Date;
  /** Work that must finish after the response: the request's waitUntil, or the cron's list. */
  later: (work: Promise<unknown>) => void;
  /**
   * Time may have freed on `dates` (or anywhere): a cancellation, a move, a lapsed hold, a day
   * reopened, hours widened. The waitlist for full times is offered it once the answer is sent;
   * the writer need not know the waitlist (it sits on a higher floor).
   */
  timeFreed: (dates?: string[]) => void;
}
