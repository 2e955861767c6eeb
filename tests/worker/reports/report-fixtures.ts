// Hand-made history for the reports' tests: payments, visits, vouchers and packages written
// straight into D1 with the times and states a test needs (the flows that write them have tests
// of their own), so that every expected figure can be worked out by hand.
import { env } from 'cloudflare:workers';

let sequence = 0;
const next = (prefix: string) => `${prefix}-R${++sequence}-${crypto.randomUUID().slice(0, 6)}`;

const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();

interface PaymentSeed {
  kind?: 'booking' | 'order' | 'voucher' | 'package' | 'membership';
  status?: 'paid' | 'pending';
  method?: 'paystack' | 'cash' | 'transfer' | 'pos' | 'package' | 'unpaid';
  amount: number;
  dueAtStudio?: number;
  paidAt?: string | null;
  lines?: Array<{ name: string; price: number }>;
}

export async function seedPayment(seed: PaymentSeed): Promise<string> {
  const reference = next('PAY');
  const dueAtStudio = seed.dueAtStudio ?? 0;
  await run(
    `insert into payments (reference, kind, status, amount, subtotal, discount, due_at_studio, email, details, paid_at, method)
     values (?, ?, ?, ?, ?, 0, ?, 'report@example.com', ?, ?, ?)`,
    reference,
    seed.kind ?? 'booking',
    seed.status ?? 'paid',
    seed.amount,
    seed.amount + dueAtStudio,
    dueAtStudio,
    JSON.stringify({ lines: seed.lines ?? [] }),
    seed.paidAt === undefined ? '2026-03-02T10:00:00.000Z' : seed.paidAt,
    seed.method ?? 'paystack',
  );
  return reference;
}

/** A client record to point visits at. */
export async function seedClient(name: string): Promise<string> {
  const id = next('client');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@report.test`;
  await run(`insert into clients (id, key, name, email) values (?, ?, ?, ?)`, id, `email:${email}`, name, email);
  return id;
}

export interface VisitSeed {
  date: string;
  time?: string;
  minutes?: number;
  status?: 'booked' | 'arrived' | 'completed' | 'no-show' | 'cancelled';
  therapist?: string | null;
  room?: string | null;
  /** The visit's price after the coupon (what bookings.amount keeps). */
  amount?: number;
  lines?: Array<{ id: string; name: string; price: number }>;
  clientId?: string;
  createdAt?: string;
  cancelledAt?: string;
  /** The payment's own fields (how it was paid); by default paid online in full. */
  payment?: Partial<PaymentSeed>;
  balancePaidAt?: string;
}

export async function seedVisit(seed: VisitSeed): Promise<{ id: string; reference: string }> {
  const lines = seed.lines ?? [{ id: 'deep-tissue', name: 'Deep Tissue', price: 30_000 }];
  const amount = seed.amount ?? lines.reduce((sum, line) => sum + line.price, 0);
  const reference = await seedPayment({ amount, lines, ...seed.payment });
  const id = next('booking');
  const clientId = seed.clientId ?? (await seedClient(`Client ${id}`));
  await run(
    `insert into bookings (id, payment_reference, service, subservices, date, time, name, email, phone, amount, amount_paid,
       service_status, therapist_id, room_id, duration_minutes, treatment_ids, client_id, created_at, cancelled_at,
       balance_paid_at, balance_method)
     values (?, ?, 'Massage', ?, ?, ?, 'Report Client', 'report@example.com', '+2348030000000', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    reference,
    JSON.stringify(lines.map((line) => line.name)),
    seed.date,
    seed.time ?? '10:00',
    amount,
    amount,
    seed.status ?? 'completed',
    seed.therapist === undefined ? 'therapist-1' : seed.therapist,
    seed.room === undefined ? 'room-1' : seed.room,
    seed.minutes ?? 60,
    JSON.stringify(lines.map((line) => line.id)),
    clientId,
    seed.createdAt ?? '2026-02-20T09:00:00.000Z',
    seed.cancelledAt ?? null,
    seed.balancePaidAt ?? null,
    seed.balancePaidAt ? 'pos' : null,
  );
  return { id, reference };
}

export async function seedVoucher(seed: {
  amount: number;
  createdAt: string;
  expiresOn?: string;
  status?: 'active' | 'void';
  voidedAt?: string;
  /** A use's `updatedAt` (when it was given back, for one released or returned) is its `createdAt` unless given. */
  uses?: Array<{
    amount: number;
    createdAt: string;
    updatedAt?: string;
    state?: 'held' | 'spent' | 'released' | 'returned';
  }>;
}) {
  const reference = await seedPayment({ kind: 'voucher', amount: seed.amount, paidAt: seed.createdAt });
  const id = next('voucher');
  const spent = (seed.uses ?? []).filter((use) => use.state !== 'released' && use.state !== 'returned');
  await run(
    `insert into vouchers (id, payment_reference, code_hash, code_last4, card_token_hash, amount, balance, buyer_name,
       recipient_name, recipient_email, deliver_on, expires_on, status, created_at, voided_at)
     values (?, ?, ?, 'ABCD', ?, ?, ?, 'Buyer', 'Recipient', 'gift@report.test', '2026-03-01', ?, ?, ?, ?)`,
    id,
    reference,
    `hash-${id}`,
    `card-${id}`,
    seed.amount,
    seed.amount - spent.reduce((sum, use) => sum + use.amount, 0),
    seed.expiresOn ?? '2027-03-01',
    seed.status ?? 'active',
    seed.createdAt,
    seed.voidedAt ?? null,
  );
  for (const use of seed.uses ?? []) {
    const paid = await seedPayment({ amount: 0, paidAt: use.createdAt });
    await run(
      `insert into voucher_uses (payment_reference, voucher_id, amount, state, created_at, updated_at) values (?, ?, ?, ?, ?, ?)`,
      paid,
      id,
      use.amount,
      use.state ?? 'spent',
      use.createdAt,
      use.updatedAt ?? use.createdAt,
    );
  }
  return id;
}

/** A package's sessions (or a membership's, with `plan`) sold at `price`. */
export async function seedPackagePurchase(seed: {
  price: number;
  sessions: number;
  createdAt: string;
  plan?: boolean;
  expiresOn?: string;
  uses?: Array<{
    sessions: number;
    createdAt: string;
    state?: 'held' | 'spent' | 'released' | 'returned';
    reference?: string;
  }>;
}) {
  const reference = await seedPayment({
    kind: seed.plan ? 'membership' : 'package',
    amount: seed.price,
    paidAt: seed.createdAt,
  });
  const id = next('purchase');
  const source = seed.plan ? 'plan' : 'package';
  const sourceId = next(source);
  if (seed.plan) {
    await run(
      `insert into membership_plans (id, name, price, sessions_per_month, shop_percent) values (?, ?, ?, 1, 0)`,
      sourceId,
      `Plan ${sourceId}`,
      seed.price,
    );
  } else {
    await run(
      `insert into packages (id, name, sessions, price, valid_months) values (?, ?, ?, ?, 6)`,
      sourceId,
      `Package ${sourceId}`,
      seed.sessions,
      seed.price,
    );
  }
  const taken = (seed.uses ?? []).filter((use) => use.state !== 'released' && use.state !== 'returned');
  await run(
    `insert into package_purchases (id, payment_reference, ${source}_id, name, treatment_ids, sessions, sessions_left, price,
       buyer_name, code_hash, code_last4, expires_on, created_at)
     values (?, ?, ?, 'Sessions', '["deep-tissue"]', ?, ?, ?, 'Buyer', ?, 'WXYZ', ?, ?)`,
    id,
    reference,
    sourceId,
    seed.sessions,
    seed.sessions - taken.reduce((sum, use) => sum + use.sessions, 0),
    seed.price,
    `hash-${id}`,
    seed.expiresOn ?? '2026-09-01',
    seed.createdAt,
  );
  for (const use of seed.uses ?? []) {
    await run(
      `insert into package_uses (payment_reference, purchase_id, sessions, value, state, created_at, updated_at)
       values (?, ?, ?, 30000, ?, ?, ?)`,
      use.reference ?? (await seedPayment({ amount: 0, paidAt: use.createdAt })),
      id,
      use.sessions,
      use.state ?? 'spent',
      use.createdAt,
      use.createdAt,
    );
  }
  return id;
}

export async function seedRefund(seed: { reference: string; bookingId: string; amount: number; processedAt: string }) {
  await run(
    `insert into refunds (payment_reference, booking_id, amount, status, processed_at) values (?, ?, ?, 'processed', ?)`,
    seed.reference,
    seed.bookingId,
    seed.amount,
    seed.processedAt,
  );
}
