import { Hono } from 'hono';
import { LinearRouter } from 'hono/router/linear-router';
import type { AppEnv } from '../env';

/**
 * A group of routes that app.ts mounts with `.route()`. Hono copies the group's routes into the
 * app's own router there, so the group's router only ever lists them: LinearRouter keeps them in
 * an array, where the default would build a RegExpRouter and a TrieRouter for every group at each
 * cold start (a few milliseconds of the Worker's startup, for matchers never used).
 */
export const routeGroup = () => new Hono<AppEnv>({ router: new LinearRouter() });
