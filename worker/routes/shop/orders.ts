import * as z from 'zod/mini';
import type { Database } from '../../db/client';
import type { Bindings } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { validate } from '../../middleware/validate';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { refreshCataloguePages } from '../../services/pages/catalogue-pages';
import { isTestMode } from '../../services/payments/gateway';
import type { RefundRow } from '../../services/payments/refunds';
import { refundClient, refundView, sendRefund } from '../../services/payments/refunds';
import { orderCancelledMessages, orderMovedMessages } from '../../services/shop/order-messages';
import { advanceOrder, cancelOrder, listOrders, orderFacts, orderSearch } from '../../services/shop/orders';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { sitePages } from '../../shared/site-pages';
import { orderStatuses } from '../../shared/statuses';
import { searchedListQuery } from '../list-query';
import { routeGroup } from '../route-group';

export const orderMessages = {
  notFound: 'That order no longer exists.',
  oneStep: 'An order moves from processing to shipped to delivered, one step at a time.',
  onlyProcessing: 'Only an order that has not been shipped can be cancelled.',
  refundNeeded: 'Say whether to refund the payment: refund true or false.',
  refundOnlyWithCancel: 'A refund goes only with cancelling an order.',
} as const;

const updateBody = () =>
  z.object({
    orderStatus: z.enum(orderStatuses, { error: 'The status must be processing, shipped, delivered or cancelled' }),
    refund: z.optional(z.boolean({ error: orderMessages.refundNeeded })),
  });

/** Staff only: the orders list (a page of one tab), Ship, Deliver and Cancel. */
export const orderRoutes = routeGroup()
  .get(
    '/orders',
    validate('query', () => searchedListQuery(orderStatuses)),
    async (c) => {
      const { status, page, pageSize, q } = c.req.valid('query');
      const { orders, total } = await listOrders(c.var.db, status, { page, pageSize }, orderSearch(q));
      return c.json(orders, 200, { [TOTAL_COUNT_HEADER]: String(total) });
    },
  )
  .put('/orders/:id', sameOriginJson, validate('json', updateBody), async (c) => {
    const id = c.req.param('id');
    const { orderStatus, refund } = c.req.valid('json');
    if ((orderStatus === 'cancelled') !== (refund !== undefined)) {
      const message = refund === undefined ? orderMessages.refundNeeded : orderMessages.refundOnlyWithCancel;
      return c.json({ message }, 400);
    }
    if (orderStatus === 'cancelled') {
      const result = await cancelOrder(c.var.db, id, {
        now: new Date(),
        refund: refund === true,
        testMode: isTestMode(c.env),
      });
      if (!result.ok) {
        return result.reason === 'not-found'
          ? c.json({ message: orderMessages.notFound }, 404)
          : c.json({ message: orderMessages.onlyProcessing }, 409);
      }
      const client = refundClient(c.env);
      const sent =
        result.refund && client && result.refund.status === 'pending'
          ? await sendRefund(c.var.db, client, result.refund, new Date())
          : result.refund;
      afterResponse(c, notifyOrderCancelled(c.var.db, c.env, id, sent));
      afterResponse(c, refreshCataloguePages(c.env, [sitePages.shop.path])); // its units are back on sale
      return c.json({ success: true as const, orderStatus, refund: refundView(sent) });
    }
    const result = await advanceOrder(c.var.db, id, orderStatus);
    if (!result.ok) {
      return result.reason === 'not-found'
        ? c.json({ message: orderMessages.notFound }, 404)
        : c.json({ message: orderMessages.oneStep }, 409);
    }
    if (orderStatus === 'shipped' || orderStatus === 'delivered') {
      afterResponse(c, notifyOrderMoved(c.var.db, c.env, id, orderStatus));
    }
    return c.json({ success: true as const, orderStatus });
  });

/** Tells the customer their order is cancelled, and what happens to the money. */
async function notifyOrderCancelled(db: Database, env: Bindings, id: string, refund: RefundRow | null) {
  const order = await orderFacts(db, id);
  if (order) {
    const money = refund ? { status: refund.status, amount: refund.amount, testMode: refund.testMode } : null;
    await queueMessages(
      db,
      env.MESSAGES,
      await orderCancelledMessages(order.facts, money, order.email, studioDetails(env)),
    );
  }
}

/** Tells the customer their order has been shipped or delivered (once per step: keyed by the order). */
async function notifyOrderMoved(db: Database, env: Bindings, id: string, status: 'shipped' | 'delivered') {
  const order = await orderFacts(db, id);
  if (order)
    await queueMessages(
      db,
      env.MESSAGES,
      await orderMovedMessages(status, order.facts, order.email, studioDetails(env)),
    );
}
