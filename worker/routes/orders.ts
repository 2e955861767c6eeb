import { Hono } from 'hono';
import * as z from 'zod/mini';
import { orderStatuses } from '../db/schema';
import type { AppEnv } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { validate } from '../middleware/validate';
import { advanceOrder, listOrders } from '../services/orders';
import { TOTAL_COUNT_HEADER } from '../shared/pagination';
import { listQuery } from './list-query';

export const orderMessages = {
  notFound: 'That order no longer exists.',
  oneStep: 'An order moves from processing to shipped to delivered, one step at a time.',
} as const;

const updateBody = z.object({
  orderStatus: z.enum(orderStatuses, { error: 'The status must be processing, shipped or delivered' }),
});

/** Staff only: the orders list (a page of one tab), Ship and Deliver. */
export const orderRoutes = new Hono<AppEnv>()
  .get('/orders', requireAdmin, validate('query', listQuery(orderStatuses)), async (c) => {
    const { status, page, pageSize } = c.req.valid('query');
    const { orders, total } = await listOrders(c.var.db, status, { page, pageSize });
    return c.json(orders, 200, { [TOTAL_COUNT_HEADER]: String(total) });
  })
  .put('/orders/:id', requireAdmin, sameOriginJson, validate('json', updateBody), async (c) => {
    const result = await advanceOrder(c.var.db, c.req.param('id'), c.req.valid('json').orderStatus);
    if (!result.ok) {
      return result.reason === 'not-found'
        ? c.json({ message: orderMessages.notFound }, 404)
        : c.json({ message: orderMessages.oneStep }, 409);
    }
    return c.json({ success: true as const, orderStatus: c.req.valid('json').orderStatus });
  });
