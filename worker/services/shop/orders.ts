/**
 * Orders as staff see them, and their path: processing → shipped → delivered, one step at a time,
 * or processing → cancelled (its units back on the shelf, its money back if staff say so). Each
 * step is a conditional UPDATE on the previous status, so a double click or a stale page can never
 * skip, reverse or repeat a step.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement } from '../../db/client';
import { auditLog, orderItems, orders, payments, refunds } from '../../db/schema';
import type { OrderFacts } from '../../messages/templates/order';
import { orderStatuses } from '../../shared/statuses';
import type { Page, TransitionResult } from '../bookings/bookings';
import { returnStockStatements } from '../catalogue/stock';
import { contactSearch } from '../clients/contact-search';
import type { RefundRow } from '../payments/refunds';
import { giveBackStatements, paidBy, voucherLedger } from '../prepaid/ledger';
import { paidSql } from '../prepaid/vouchers';

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
  /** What Paystack took: what a cancellation's refund gives back to the card. */
  paidOnline: number;
  /** What a gift voucher paid: a cancellation with a refund puts it back on the voucher. */
  paidByVoucher: number;
  /**
   * Left to collect on delivery: a payment that came after its hold had given back the coupon's
   * last use or the voucher's balance (spent elsewhere meanwhile) paid less than the order's price.
   */
  balanceDue: number;
  paymentReference: string;
  /** The money of a cancelled order going back, when staff chose to refund it. */
  refund: { status: RefundRow['status']; amount: number; testMode: boolean } | null;
  /** Each status staff gave it, by whom (named as they were then) and when, oldest first. */
  history: Array<{ orderStatus: OrderStatus; refund: boolean; by: string | null; at: string }>;
}

/** The orders whose customer or reference match what staff typed (services/clients/contact-search.ts). */
export const orderSearch = (query: string) =>
  contactSearch(query, {
    name: orders.name,
    email: orders.email,
    phone: orders.phone,
    reference: orders.paymentReference,
  });

/** The status an order must have to move to `target`. */
const previousStatus: Partial<Record<OrderStatus, OrderStatus>> = { shipped: 'processing', delivered: 'shipped' };

export async function listOrders(
  db: Database,
  status: OrderStatus | undefined,
  page?: Page,
  filter?: SQL,
): Promise<{ orders: OrderView[]; total: number }> {
  const where = and(status ? eq(orders.orderStatus, status) : undefined, filter);
  // Waiting to ship: oldest first, as they should be sent; the others most recent first.
  const order = status === 'processing' ? asc(orders.createdAt) : desc(orders.createdAt);
  const query = db
    .select({
      order: orders,
      couponCode: payments.couponCode,
      method: payments.method,
      paymentAmount: payments.amount,
      voucherAmount: paidBy(voucherLedger, orders.paymentReference),
      refund: refunds,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.reference, orders.paymentReference))
    .leftJoin(refunds, eq(refunds.orderId, orders.id))
    .where(where)
    .orderBy(order, asc(orders.id));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query,
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const ids = rows.map((row) => row.order.id);
  const [items, history] = await Promise.all([itemsOf(db, ids), historyOf(db, ids)]);
  return {
    orders: rows.map(({ order, couponCode, method, paymentAmount, voucherAmount, refund }) => {
      const paidOnline = method === 'paystack' || method === 'test' ? paymentAmount : 0;
      return {
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
        paidOnline,
        paidByVoucher: voucherAmount,
        balanceDue: order.orderStatus === 'cancelled' ? 0 : Math.max(0, order.amount - paidOnline - voucherAmount),
        paymentReference: order.paymentReference,
        refund: refund ? { status: refund.status, amount: refund.amount, testMode: refund.testMode } : null,
        history: history.get(order.id) ?? [],
      };
    }),
    total: total?.value ?? 0,
  };
}

/** The staff changes of the given orders, from the audit log (kept 2 years). */
async function historyOf(db: Database, orderIds: string[]) {
  const byOrder = new Map<string, OrderView['history']>();
  for (let start = 0; start < orderIds.length; start += 90) {
    const ids = orderIds.slice(start, start + 90);
    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order-update'), inArray(auditLog.target, ids)))
      .orderBy(asc(auditLog.at));
    for (const row of rows) {
      const status = row.details.orderStatus;
      if (!row.target || typeof status !== 'string' || !(orderStatuses as readonly string[]).includes(status)) continue;
      const events = byOrder.get(row.target) ?? [];
      events.push({
        orderStatus: status as OrderStatus,
        refund: row.details.refund === true,
        by: row.actorName,
        at: row.at,
      });
      byOrder.set(row.target, events);
    }
  }
  return byOrder;
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
      .set({ orderStatus: target, ...(target === 'delivered' ? { deliveredAt: new Date().toISOString() } : {}) })
      .where(sql`${orders.id} = ${id} and ${orders.orderStatus} = ${from}`)
      .returning({ id: orders.id });
    if (updated.length === 1) return { ok: true };
  }
  const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
  return { ok: false, reason: existing ? 'conflict' : 'not-found' };
}

/** What an order's messages say, and where they go. */
export async function orderFacts(db: Database, id: string): Promise<{ facts: OrderFacts; email: string } | undefined> {
  const [found] = await db
    .select({ order: orders, amountPaid: paidSql(orders.paymentReference) })
    .from(orders)
    .where(eq(orders.id, id))
    .limit(1);
  if (!found) return undefined;
  const { order, amountPaid } = found;
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
      amountPaid,
    },
  };
}

export type CancelOrderResult =
  | { ok: true; refund: RefundRow | null }
  | { ok: false; reason: 'not-found' | 'conflict' };

/**
 * Cancels a processing order in one batch: its counted units go back on the shelf, its status
 * becomes cancelled and, with `refund`, the amount paid is recorded to go back (pending for
 * Paystack to be asked, or processed at once in test mode, as a booking's). Each part is guarded by
 * the order still being processing when the batch runs, so a second click changes nothing.
 */
export async function cancelOrder(
  db: Database,
  id: string,
  options: { now: Date; refund: boolean; testMode: boolean },
): Promise<CancelOrderResult> {
  const lines = await db
    .select({ productId: orderItems.productId, size: orderItems.productSize, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, id));
  const nowIso = options.now.toISOString();
  const processing = sql`exists (select 1 from orders where id = ${id} and order_status = 'processing')`;
  const [order] = await db.select({ reference: orders.paymentReference }).from(orders).where(eq(orders.id, id));
  // With a refund, what a gift voucher paid goes back to it (guarded like the stock, before the update).
  const voucherBack =
    order && options.refund ? giveBackStatements(voucherLedger, db, order.reference, processing, nowIso) : [];
  const stock = returnStockStatements(db, lines, processing);
  const results = await db.$client.batch([
    ...stock,
    ...voucherBack,
    d1Statement(db, sql`update orders set order_status = 'cancelled' where id = ${id} and order_status = 'processing'`),
    // changes() is the status update's: 1 exactly when this batch cancelled the order. What goes
    // back through Paystack is what Paystack took.
    d1Statement(
      db,
      sql`insert into refunds (order_id, payment_reference, amount, status, test_mode, processed_at, created_at, updated_at)
        select o.id, o.payment_reference, p.amount, ${options.testMode ? 'processed' : 'pending'},
          ${options.testMode ? 1 : 0}, ${options.testMode ? nowIso : null}, ${nowIso}, ${nowIso}
        from orders o join payments p on p.reference = o.payment_reference
        where o.id = ${id} and p.amount > 0 and ${options.refund ? 1 : 0} = 1 and changes() = 1
          and p.method in ('paystack', 'test')
        on conflict do nothing`,
    ),
  ]);
  const cancelled = results[stock.length + voucherBack.length];
  if (!changedRow(cancelled)) {
    const [existing] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).limit(1);
    return { ok: false, reason: existing ? 'conflict' : 'not-found' };
  }
  const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, id)).limit(1);
  return { ok: true, refund: refund ?? null };
}
