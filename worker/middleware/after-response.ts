import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { loggable } from '../shared/loggable';

/**
 * Work that must finish but that the visitor should not wait for (queueing messages): handed to
 * the runtime's waitUntil. Called without an execution context (a unit test calling the app
 * directly), it still runs, unobserved.
 */
export function afterResponse(c: Context<AppEnv>, work: Promise<unknown>): void {
  const logged = work.catch((error) => console.error('Background work failed', loggable(error)));
  try {
    c.executionCtx.waitUntil(logged);
  } catch {
    // No execution context: the promise above carries on by itself.
  }
}
