import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Scope } from '../services/scope';
import { placesFreed } from '../services/time-waitlist/time-waitlist-offers';
import { afterResponse } from './after-response';

/** The plain scope services take, built from one request. */
export const scopeOf = (c: Context<AppEnv>): Scope => {
  const scope: Scope = {
    db: c.var.db,
    env: c.env,
    now: new Date(),
    later: (work) => afterResponse(c, work),
    timeFreed: (dates) => placesFreed(scope, dates),
  };
  return scope;
};
