import { createDb } from '../db/client';
import { factory } from '../env';

/** Puts a typed drizzle client for this request's D1 binding on the context. */
export const dbMiddleware = factory.createMiddleware(async (c, next) => {
  c.set('db', createDb(c.env.DB));
  await next();
});
