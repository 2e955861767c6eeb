/**
 * Which messages an order's events send (paid, moved on, cancelled), and to whom. The templates
 * render with React's server renderer, a quarter of the Worker: they are imported when a message
 * is built, so a cold start does not parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import type { OrderFacts } from '../../messages/templates/order';
import type { RefundFacts } from '../../messages/templates/shared';
import { email } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

const orderTemplates = () => import('../../messages/templates/order');

export async function orderConfirmedMessages(order: OrderFacts, to: string, studio: StudioDetails) {
  const { orderConfirmation } = await orderTemplates();
  return [email('order-confirmation', order.reference, to, await orderConfirmation(order, studio))];
}

export async function orderMovedMessages(
  status: 'shipped' | 'delivered',
  order: OrderFacts,
  to: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { orderDelivered, orderShipped } = await orderTemplates();
  return status === 'shipped'
    ? [email('order-shipped', order.reference, to, await orderShipped(order, studio))]
    : [email('order-delivered', order.reference, to, await orderDelivered(order, studio))];
}

/** Tells the customer their order is cancelled, and what happens to their money (once: keyed by the order). */
export async function orderCancelledMessages(
  order: OrderFacts,
  refund: RefundFacts | null,
  to: string,
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { orderCancelled } = await orderTemplates();
  return [email('order-cancelled', order.reference, to, await orderCancelled(order, refund, studio))];
}
