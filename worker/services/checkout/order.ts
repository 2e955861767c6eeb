/**
 * Starting an order's payment: its units held in the batch that inserts the payment.
 */
import { type SQL, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import { d1Statement } from '../../db/client';
import { orderDetailsSchema } from '../../shared/catalogue/order-schema';
import { priceOrder } from '../../shared/catalogue/pricing';
import { stockMessages } from '../../shared/catalogue/stock';
import { membershipMessages } from '../../shared/prepaid/membership-rules';
import { readCatalogue } from '../catalogue/catalogue';
import { enoughLeft, heldUnits, holdStockStatement, type StockLine } from '../catalogue/stock';
import { phoneKeySql } from '../clients/client-records';
import { findPayment } from '../payments/payment-rows';
import { memberShopPercent } from '../prepaid/memberships';
import { HOLD_MINUTES } from '../schedule/slots';
import { chargeFor, couponGuard, paymentMethod, voucherGuard, voucherHoldStatements } from './charge';
import { openCheckout } from './checkout';
import {
  type InitializeRequest,
  type InitializeResult,
  newReference,
  type PaymentContext,
  paymentMessages,
} from './context';
import type { StoredOrderPayment } from './fulfilment';
import { allHold, firstRefusal, type Guard, holdCapGuards, type Refusal } from './guards';

/** Prices a cart from the catalogue (product id and size) and the coupon, and starts a checkout. */
export async function initializeOrderPayment(
  context: PaymentContext,
  request: InitializeRequest,
  details: unknown,
): Promise<InitializeResult> {
  const parsed = orderDetailsSchema().safeParse(details);
  if (!parsed.success) {
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid order details' };
  }
  const order = parsed.data;
  const priced = priceOrder(
    order.orderItems.map((item) => ({
      productId: item.productId,
      size: item.productSize.size,
      quantity: item.productQuantity,
    })),
    (await readCatalogue(context.db)).products,
  );
  if (!priced.ok) return { ok: false, status: priced.status ?? 400, message: priced.message };
  // This browser's earlier unpaid orders (a declined card, a changed cart) are replaced, so their
  // units and coupon uses count toward nothing: a retry is one hold, not two.
  const ownEarlier = sql`select reference from payments where kind = 'order' and status = 'pending'
    and browser_key_hash = ${request.browserKeyHash}`;
  const terms = await orderTerms(context, request, { order, total: priced.total, ownEarlier });
  if (!terms.ok) return terms;
  const stored: StoredOrderPayment = {
    order: {
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      customerPhone: order.customerPhone,
      shippingAddress: order.shippingAddress,
    },
    lines: priced.lines,
    ...(terms.member
      ? {
          memberDiscount: {
            planName: terms.member.planName,
            percent: terms.member.percent,
            amount: terms.memberDiscount,
          },
        }
      : {}),
  };
  const held = await holdOrder(context, request, { terms, lines: priced.lines, stored, ownEarlier });
  if (!held.ok) return held;
  return openCheckout(context, 'order', held.reference, terms.charge.amount, order.customerEmail, {
    kind: 'order',
    items: priced.lines.map((line) => `${line.productName} ${line.size} x ${line.quantity}`),
  });
}

type Order = z.output<ReturnType<typeof orderDetailsSchema>>;

/**
 * What the cart costs this customer: a member's percentage off comes first (their own orders only);
 * the coupon and the voucher apply to what is left.
 */
async function orderTerms(
  context: PaymentContext,
  request: InitializeRequest,
  cart: { order: Order; total: number; ownEarlier: SQL },
) {
  const { order, total, ownEarlier } = cart;
  const customer = { email: order.customerEmail, phone: order.customerPhone };
  const member = order.membershipCode
    ? await memberShopPercent(context.db, order.membershipCode, context.now, customer)
    : undefined;
  if (order.membershipCode && !member)
    return { ok: false, status: 409, message: membershipMessages.notMember } as const;
  if (member && !member.own) return { ok: false, status: 409, message: membershipMessages.notOwnOrder } as const;
  const memberDiscount = member ? Math.round((total * member.percent) / 100) : 0;
  const subtotal = total - memberDiscount;
  const charge = await chargeFor(context, {
    kind: 'order',
    subtotal,
    couponCode: order.couponCode,
    clientAmountKobo: request.amount,
    customer,
    replaced: ownEarlier,
    browserKeyHash: request.browserKeyHash,
    voucherCode: order.voucherCode,
  });
  if (!charge.ok) return charge;
  return { ok: true, customer, member, memberDiscount, subtotal, charge } as const;
}

type Terms = Extract<Awaited<ReturnType<typeof orderTerms>>, { ok: true }>;

/**
 * Holds the cart's units with its payment, in one batch (one transaction): the payment (only while
 * every guard holds), the hold of its units, the release of this browser's earlier orders, and what
 * the voucher holds. A refused insert is answered by its guards, in order.
 */
async function holdOrder(
  context: PaymentContext,
  request: InitializeRequest,
  plan: { terms: Terms; lines: readonly StockLine[]; stored: StoredOrderPayment; ownEarlier: SQL },
): Promise<{ ok: true; reference: string } | Refusal> {
  const { terms, ownEarlier } = plan;
  const { charge, customer } = terms;
  const reference = newReference('OR');
  const nowIso = context.now.toISOString();
  const holdUntil = new Date(context.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const stock = plan.lines.map(({ productId, size, quantity }) => ({ productId, size, quantity }));
  const holds = (whose: SQL) => openOrderHolds(whose, request.browserKeyHash, nowIso);
  const guards: Guard[] = [
    couponGuard(context, charge, 'order', customer, ownEarlier),
    voucherGuard(context, charge),
    stockGuard(context, stock, ownEarlier),
    ...holdCapGuards(
      context,
      holds,
      { email: customer.email, clientKey: request.clientKey },
      { person: paymentMessages.tooManyOrders, network: paymentMessages.busyNetworkOrders },
    ),
  ];
  const inserted = sql`exists (select 1 from payments where reference = ${reference})`;
  await context.db.$client.batch([
    d1Statement(
      context.db,
      sql`
      insert into payments (
        reference, kind, status, amount, subtotal, discount, voucher_id, voucher_amount, coupon_code, coupon_id,
        email, phone_key, details, hold_expires_at, client_key, browser_key_hash, method
      )
      select ${reference}, 'order', 'pending', ${charge.amount}, ${terms.subtotal}, ${charge.discount},
        ${charge.voucher?.id ?? null}, ${charge.voucher?.amount ?? 0}, ${charge.couponCode}, ${charge.couponId},
        ${customer.email}, ${phoneKeySql(sql`${customer.phone}`)}, ${JSON.stringify(plan.stored)}, ${holdUntil},
        ${request.clientKey ?? null}, ${request.browserKeyHash}, ${paymentMethod(context, charge)}
      where ${allHold(guards)}`,
    ),
    holdStockStatement(context.db, reference, stock, inserted),
    d1Statement(
      context.db,
      sql`update payments set status = 'abandoned', hold_expires_at = null
        where reference in (${ownEarlier}) and reference != ${reference} and ${inserted}`,
    ),
    ...voucherHoldStatements(context, charge, reference, inserted),
  ]);
  if (await findPayment(context.db, reference)) return { ok: true, reference };
  return (await firstRefusal(guards)) ?? { ok: false, status: 409, message: paymentMessages.amountChanged };
}

/** This browser's-excepted unpaid, unexpired order payments that `whose` selects. */
const openOrderHolds = (whose: SQL, browserKeyHash: string, nowIso: string) => sql`
  select hold_expires_at from payments
  where kind = 'order' and status = 'pending' and hold_expires_at > ${nowIso} and ${whose}
    and browser_key_hash != ${browserKeyHash}`;

/**
 * The cart's guard: every counted size has the units left (less what other unpaid orders hold);
 * refused with 409 and what each short size has.
 */
function stockGuard(context: PaymentContext, stock: readonly StockLine[], ownEarlier: SQL): Guard {
  const nowIso = context.now.toISOString();
  return {
    condition: enoughLeft(stock, nowIso, ownEarlier),
    refusal: async (): Promise<Refusal | undefined> => {
      const left: StockLeft[] = [];
      for (const line of stock) {
        const row = await context.db.get<{ name: string; units_left: number | null }>(sql`
          select p.name as name, case when s.stock is null then null
            else max(0, s.stock - ${heldUnits(sql`s.product_id`, sql`s.size`, nowIso, ownEarlier)}) end as units_left
          from product_sizes s join products p on p.id = s.product_id
          where s.product_id = ${line.productId} and s.size = ${line.size}`);
        const units = row ? row.units_left : 0;
        if (units !== null && units < line.quantity) {
          left.push({ productId: line.productId, size: line.size, left: units, name: row?.name ?? line.productId });
        }
      }
      const [first] = left;
      if (!first) return undefined;
      return {
        ok: false,
        status: 409,
        message: stockMessages.onlyLeft(first.left, first.name, first.size),
        stock: left.map(({ productId, size, left: units }) => ({ productId, size, left: units })),
      };
    },
  };
}

interface StockLeft {
  productId: string;
  size: string;
  left: number;
  name: string;
}
