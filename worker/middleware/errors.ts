import type { ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { CheckRefused } from '../db/first-trip-check';
import type { AppEnv } from '../env';
import { loggable } from '../shared/loggable';

/**
 * Every failure leaves the API as JSON `{ message }`: a deliberate HTTPException keeps its status
 * and message; anything else is logged and becomes a 500 that says nothing of the internals.
 */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof HTTPException) {
    if (error.res) return error.res;
    return c.json({ message: error.message || 'Request failed' }, error.status);
  }
  // A staff member's account changed behind their session: staffAccess answers for it.
  if (error instanceof CheckRefused || error.cause instanceof CheckRefused) {
    return c.json({ message: 'Please sign in again.' }, 401);
  }
  // The route's pattern (/api/manage-booking/:token), never the path: clients' links carry tokens.
  console.error('Unhandled error', c.req.method, routePath(c, -1), loggable(error));
  return c.json({ message: 'Something went wrong on our side. Please try again.' }, 500);
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(
    { message: c.req.path.startsWith('/api/') ? `No API route for ${c.req.method} ${c.req.path}` : 'Not found' },
    404,
  );
