import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Database } from '../db/client';
import { orderStatuses } from '../db/schema';
import type { AppEnv, Bindings } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { afterResponse } from '../middleware/after-response';
import { validate } from '../middleware/validate';
import { orderMovedMessages, studioDetails } from '../services/notifications';
import { advanceOrder, listOrders, orderFacts } from '../services/orders';
import { queueMessages } from '../services/outbox';
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
    const id = c.req.param('id');
    const { orderStatus } = c.req.valid('json');
    const result = await advanceOrder(c.var.db, id, orderStatus);
    if (!result.ok) {
      return result.reason === 'not-found'
        ? c.json({ message: orderMessages.notFound }, 404)
        : c.json({ message: orderMessages.oneStep }, 409);
    }
    if (orderStatus !== 'processing') afterResponse(c, notifyOrderMoved(c.var.db, c.env, id, orderStatus));
    return c.json({ success: true as const, orderStatus });
  });

/** Tells the customer their order has been shipped or delivered (once per step: keyed by the order). */
async function notifyOrderMoved(db: Database, env: Bindings, id: string, status: 'shipped' | 'delivered') {
  const order = await orderFacts(db, id);
  if (order)
    await queueMessages(db, env.MESSAGES, orderMovedMessages(status, order.facts, order.email, studioDetails(env)));
}
