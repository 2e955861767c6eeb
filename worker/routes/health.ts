import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Liveness that proves the database answers, for uptime checks and the deploy smoke test. */
export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const row = await c.var.db.get<{ ok: number }>(sql`select 1 as ok`);
  if (row?.ok !== 1) return c.json({ ok: false }, 503);
  return c.json({ ok: true });
});
