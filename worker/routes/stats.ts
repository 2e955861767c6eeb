import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/admin-session';
import { adminStats } from '../services/stats';

/** Staff only: the figures at a glance. */
export const statsRoutes = new Hono<AppEnv>().get('/stats', requireAdmin, async (c) =>
  c.json(await adminStats(c.var.db, new Date())),
);
