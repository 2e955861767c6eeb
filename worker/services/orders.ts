/**
 * Orders as staff see them, and their one path: processing → shipped → delivered, one step at a
 * time. Each step is a conditional UPDATE on the previous status, so a double click or a stale
 * page can never skip or reverse a step.
 */
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItems, type orderStatuses, orders, payments } from '../db/schema';
import type { OrderFacts } from '../messages/templates';
import type { Page, TransitionResult } from './bookings';

export type OrderStatus = (typeof orderStatuses)[number];

/** An order on the admin wire: the spec's fields plus each line's size and price. */
export interface OrderView {
  _id: string;
  name: string;
  createdAt: string;
  amount: number;
  orderStatus: OrderStatus;
  email: string;
  phone: string;
  shippingAddress: string;
  items: Array<{ productName: string; productQuantity: number; productSize: string; unitPrice: number }>;
  couponCode: string | null;
  paymentReference: string;
}

/** The status an order must have to move to `target`. */
const previousStatus: Partial<Record<OrderStatus, OrderStatus>> = { shipped: 'processing', delivered: 'shipped' };

export async function listOrders(
  db: Database,
  status: OrderStatus | undefined,
  page?: Page,
): Promise<{ orders: OrderView[]; total: number }> {
  const where = status ? eq(orders.orderStatus, status) : undefined;
  // Waiting to ship: oldest first, as they should be sent; the others most recent first.
  const order = status === 'processing' ? asc(orders.createdAt) : desc(orders.createdAt);
  const query = db
    .select({ order: orders, couponCode: payments.couponCode })
    .from(orders)
    .innerJoin(payments, eq(payments.reference, orders.paymentReference))
    .where(where)
    .orderBy(order, asc(orders.id));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query,
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const items = await itemsOf(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    orders: rows.map(({ order, couponCode }) => ({
      _id: order.id,
      name: order.name,
      createdAt: order.createdAt,
      amount: order.amount,
      orderStatus: order.orderStatus,
      email: order.email,
      phone: order.phone,
      shippingAddress: order.shippingAddress,
      items: items.get(order.id) ?? [],
      couponCode,
      paymentReference: order.paymentReference,
    })),
    total: total?.value ?? 0,
  };
}

/** The lines of the given orders, in the order they were bought; D1 caps bound parameters at 100. */
async function itemsOf(db: Database, orderIds: string[]) {
  const byOrder = new Map<string, OrderView['items']>();
  for (let start = 0; start < orderIds.length; start += 90) {
    const ids = orderIds.slice(start, start + 90);
    const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(sql`rowid`);
    for (const row of rows) {
      const lines = byOrder.get(row.orderId) ?? [];
      lines.push({
        productName: row.productName,
        productQuantity: row.quantity,
        productSize: row.productSize,
        unitPrice: row.unitPrice,
      });
      byOrder.set(row.orderId, lines);
    }
  }
  return byOrder;
}

/** Moves an order one step forward to `target`; any other change is a conflict. */
export async function advanceOrder(db: Database, id: string, target: OrderStatus): Promise<TransitionResult> {
  const from = previousStatus[target];
  if (from) {
    const updated = await db
      .update(orders)
      .set({ orderStatus: target })
      .where(sql`${orders.id} = ${id} and ${orders.orderStatus} = ${from}`)
      .returning({ id: orders.id });
    if (updated.length === 1) return { ok: true };
  }
  const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
  return { ok: false, reason: existing ? 'conflict' : 'not-found' };
}

/** What an order's messages say, and where they go. */
export async function orderFacts(db: Database, id: string): Promise<{ facts: OrderFacts; email: string } | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) return undefined;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(sql`rowid`);
  return {
    email: order.email,
    facts: {
      reference: order.paymentReference,
      name: order.name,
      shippingAddress: order.shippingAddress,
      items: items.map((item) => ({
        productName: item.productName,
        size: item.productSize,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
      })),
      amount: order.amount,
    },
  };
}
