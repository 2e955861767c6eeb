import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Scope } from '../services/scope';
import { afterResponse } from './after-response';

/** The plain scope services take, built from one request. */
export const scopeOf = (c: Context<AppEnv>): Scope => ({
  db: c.var.db,
  env: c.env,
  now: new Date(),
  later: (work) => afterResponse(c, work),
});
