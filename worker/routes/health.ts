import { sql } from 'drizzle-orm';
import { rateLimit } from '../middleware/rate-limit';
import { routeGroup } from './route-group';

/**
 * Liveness: /api/health proves the database answers (uptime checks, the deploy smoke test);
 * /api/ping answers a constant without touching anything, the floor the load benchmark compares
 * every other route with; /api/ping/limited answers it through the forms' rate limiter, the floor
 * of a limited route (the coupon check), since locally the limiter is itself a call to a Durable
 * Object.
 */
export const healthRoutes = routeGroup()
  .get('/health', async (c) => {
    const row = await c.var.db.get<{ ok: number }>(sql`select 1 as ok`);
    if (row?.ok !== 1) return c.json({ ok: false }, 503);
    return c.json({ ok: true });
  })
  .get('/ping', (c) => c.json({ ok: true }))
  .get('/ping/limited', rateLimit('FORM_LIMITER', 'ping'), (c) => c.json({ ok: true }));
