import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';

/**
 * Every failure leaves the API as JSON `{ message }`: a deliberate HTTPException keeps its status
 * and message; anything else is logged and becomes a 500 that says nothing of the internals.
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException) {
    if (error.res) return error.res;
    return c.json({ message: error.message || 'Request failed' }, error.status);
  }
  console.error('Unhandled error', c.req.method, c.req.path, loggable(error));
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
};

/**
 * What of an error may go to the logs: its name, its message without the values a failed query
 * carried (drizzle adds them after "params:"; they can be a client's contact details or health
 * answers, which never go into logs), and where it came from.
 */
export function loggable(error: unknown): string {
  if (!(error instanceof Error)) return 'A non-Error was thrown';
  const message = error.message.replace(/\nparams:[\s\S]*$/, '\nparams: (not logged)');
  const cause =
    error.cause instanceof Error ? ` (cause: ${error.cause.name}: ${error.cause.message.split('\n')[0]})` : '';
  // Only the stack's frames: its first lines repeat the message, params included.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 5);
  return [`${error.name}: ${message}${cause}`, ...frames].join('\n');
}

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(
    { message: c.req.path.startsWith('/api/') ? `No API route for ${c.req.method} ${c.req.path}` : 'Not found' },
    404,
  );
