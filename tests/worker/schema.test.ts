import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import {
  academyWaitlistEntries,
  bookings,
  coupons,
  orderItems,
  orders,
  payments,
  stockHolds,
  timeBlocks,
} from '../../worker/db/schema';

const db = createDb(env.DB);
const raw = (query: string) => env.DB.prepare(query).run();

/** The database's reason for refusing a statement (drizzle wraps it in the error's cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const messages: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause)
      messages.push(current.message);
    return messages.join(' <- ');
  }
  throw new Error('expected the database to refuse the statement');
}

const payment = (reference: string, overrides: Partial<typeof payments.$inferInsert> = {}) => ({
  reference,
  kind: 'booking' as const,
  amount: 25_000,
  subtotal: 25_000,
  email: 'ada@example.com',
  details: {},
  ...overrides,
});

const booking = (paymentReference: string) => ({
  paymentReference,
  service: 'Massage',
  subservices: ['Swedish'],
  date: '2026-12-01',
  time: '10:00',
  name: 'Ada',
  email: 'ada@example.com',
  phone: '+2348012345678',
  amount: 25_000,
});

beforeEach(async () => {
  await db.delete(orderItems);
  await db.delete(orders);
  await db.delete(bookings);
  await db.delete(timeBlocks);
  await db.delete(stockHolds);
  await db.delete(payments);
  await db.delete(coupons);
  await db.delete(academyWaitlistEntries);
});

describe('payments', () => {
  it('are keyed by a unique Paystack reference', async () => {
    await db.insert(payments).values(payment('ref-1'));
    expect(await refusal(db.insert(payments).values(payment('ref-1')))).toMatch(/UNIQUE/);
  });

  it('must add up: amount is the subtotal less the discount', async () => {
    expect(await refusal(db.insert(payments).values(payment('ref-2', { subtotal: 25_000, discount: 1_000 })))).toMatch(
      /CHECK/,
    );
    await db.insert(payments).values(payment('ref-3', { subtotal: 26_000, discount: 1_000 }));
  });

  it('only take known kinds and statuses', async () => {
    expect(
      await refusal(
        raw(
          `insert into payments (reference, kind, amount, subtotal, email, details) values ('r', 'gift', 1, 1, 'a', '{}')`,
        ),
      ),
    ).toMatch(/CHECK/);
    await db.insert(payments).values(payment('ref-4'));
    expect(await refusal(raw(`update payments set status = 'refunded' where reference = 'ref-4'`))).toMatch(/CHECK/);
  });
});

describe('bookings', () => {
  it('exist at most once per payment reference', async () => {
    await db.insert(payments).values(payment('ref-b'));
    await db.insert(bookings).values(booking('ref-b'));
    expect(await refusal(db.insert(bookings).values(booking('ref-b')))).toMatch(/UNIQUE/);
    const rows = await db.select().from(bookings).where(eq(bookings.paymentReference, 'ref-b'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.serviceStatus).toBe('booked');
    expect(rows[0]?.subservices).toEqual(['Swedish']);
    expect(rows[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('only take booked, arrived, completed, no-show or cancelled as their status', async () => {
    await db.insert(payments).values(payment('ref-c'));
    await db.insert(bookings).values(booking('ref-c'));
    expect(await refusal(raw(`update bookings set service_status = 'gone'`))).toMatch(/CHECK/);
    for (const status of ['arrived', 'no-show', 'completed', 'cancelled']) {
      await raw(`update bookings set service_status = '${status}'`);
    }
  });

  it('keep one booking per manage link', async () => {
    await db.insert(payments).values([payment('ref-m1'), payment('ref-m2')]);
    await db
      .insert(bookings)
      .values([{ ...booking('ref-m1'), manageTokenHash: 'same-hash' }, { ...booking('ref-m2') }]);
    expect(
      await refusal(raw(`update bookings set manage_token_hash = 'same-hash' where payment_reference = 'ref-m2'`)),
    ).toMatch(/UNIQUE/);
  });
});

describe('orders', () => {
  it('keep their status to processing, shipped or delivered and quantities to 1..20', async () => {
    await db.insert(payments).values(payment('ref-o', { kind: 'order' }));
    const [order] = await db
      .insert(orders)
      .values({
        paymentReference: 'ref-o',
        name: 'Ada',
        email: 'a@b.co',
        phone: '1',
        shippingAddress: 'Lagos',
        amount: 6_000,
      })
      .returning();
    expect(order?.orderStatus).toBe('processing');
    const item = {
      orderId: order?.id ?? '',
      productId: 'goat-milk-bar-soap',
      productName: 'Goat Milk Bar Soap',
      productSize: '100g',
      unitPrice: 6_000,
    };
    expect(await refusal(db.insert(orderItems).values({ ...item, quantity: 0 }))).toMatch(/CHECK/);
    expect(await refusal(db.insert(orderItems).values({ ...item, quantity: 21 }))).toMatch(/CHECK/);
    await db.insert(orderItems).values({ ...item, quantity: 1 });
    expect(await refusal(raw(`update orders set order_status = 'lost'`))).toMatch(/CHECK/);
  });
});

describe('coupons', () => {
  it('have codes unique whatever their case', async () => {
    await db.insert(coupons).values({ code: 'GLOW10', discount: 10, expiryDate: '2026-12-31' });
    expect(
      await refusal(db.insert(coupons).values({ code: 'glow10', discount: 20, expiryDate: '2026-12-31' })),
    ).toMatch(/UNIQUE/);
  });

  it('keep the discount between 0 and 100 percent and the minimum at 0 or more', async () => {
    expect(await refusal(db.insert(coupons).values({ code: 'A', discount: 101, expiryDate: '2026-12-31' }))).toMatch(
      /CHECK/,
    );
    expect(
      await refusal(db.insert(coupons).values({ code: 'B', discount: 10, minAmount: -1, expiryDate: '2026-12-31' })),
    ).toMatch(/CHECK/);
  });
});

describe('waitlist entries', () => {
  it('have one row per email whatever its case', async () => {
    const entry = { firstName: 'Ada', email: 'ada@example.com', whatsapp: '+2348012345678', state: 'Lagos' };
    await db.insert(academyWaitlistEntries).values(entry);
    expect(await refusal(db.insert(academyWaitlistEntries).values({ ...entry, email: 'ADA@example.com' }))).toMatch(
      /UNIQUE/,
    );
  });
});
