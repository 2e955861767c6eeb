import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { adminStats } from '../services/stats';

/** Staff only: the figures at a glance. */
export const statsRoutes = new Hono<AppEnv>().get('/stats', async (c) =>
  c.json(await adminStats(c.var.db, new Date())),
);
