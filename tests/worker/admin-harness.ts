// What the admin tests share: a signed-in staff session, calls made as the admin page makes them
// (same Origin, JSON body, the session cookie), and rows written straight into D1 to act on.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { app } from '../../worker/app';
import { createDb } from '../../worker/db/client';
import {
  academyWaitlistEntries,
  bookingEvents,
  bookings,
  clients,
  closures,
  coupons,
  membershipEvents,
  memberships,
  orderItems,
  orders,
  packagePurchases,
  packageUses,
  payments,
  refunds,
  staffAccounts,
  stockHolds,
  timeBlocks,
  timeWaitlistEntries,
  timeWaitlistOffers,
  visitNotes,
  vouchers,
  voucherUses,
} from '../../worker/db/schema';
import { SESSION_COOKIE } from '../../worker/middleware/admin-session';
import { linkClientStatements } from '../../worker/services/clients/client-records';
import { hashPassword } from '../../worker/services/staff/password';
import type { StaffRole } from '../../worker/shared/permissions';
import { clearReviews, resetTeam, takeFreeTherapist } from './staff/team-fixtures';

export const origin = 'https://localhost';
export const db = createDb(env.DB);
export const LOCAL_PASSWORD = 'spa-admin-local';

/**
 * Calls the app as the runtime would, and waits for its background work (queued messages). An
 * environment with an `answered` function has it called when the answer is in, before that work.
 */
export async function call(path: string, init: RequestInit = {}, environment: Env = env) {
  const context = createExecutionContext();
  const response = await app.request(`${origin}${path}`, init, environment, context);
  (environment as { answered?: () => void }).answered?.();
  await waitOnExecutionContext(context);
  return response;
}

/** A JSON request as the admin page sends it: its own Origin, a JSON body, a client address. */
export function jsonInit(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: {
      Origin: origin,
      'CF-Connecting-IP': '198.51.100.7',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

export function login(username: string, password: string, address = '198.51.100.7') {
  return call('/api/auth/login', jsonInit('POST', { username, password }, { 'CF-Connecting-IP': address }));
}

/** The session id a Set-Cookie header carries, or undefined. */
export function sessionIdFrom(response: Response): string | undefined {
  const header = response.headers.get('Set-Cookie') ?? '';
  return new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(header)?.[1] || undefined;
}

/** Signs in with the documented local credentials (from a fresh address) and returns the Cookie header. */
export async function signIn(): Promise<string> {
  const response = await login('admin', LOCAL_PASSWORD, `203.0.113.${Math.floor(Math.random() * 250) + 1}`);
  expect(response.status).toBe(200);
  const id = sessionIdFrom(response);
  expect(id).toBeDefined();
  return `${SESSION_COOKIE}=${id}`;
}

/** A call with the staff cookie; `body` (when given) goes as JSON from the site's own Origin. */
export function adminCall(cookie: string, path: string, method = 'GET', body?: unknown) {
  const init = jsonInit(method, body);
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
}

export async function clearData() {
  await clearReviews();
  await db.delete(refunds);
  await db.delete(orderItems);
  await db.delete(orders);
  await db.delete(bookingEvents);
  await db.delete(visitNotes);
  await db.delete(timeWaitlistOffers);
  await db.delete(timeWaitlistEntries);
  await db.delete(timeBlocks);
  await db.delete(bookings);
  await db.delete(stockHolds);
  await db.delete(membershipEvents);
  await db.delete(memberships);
  await db.delete(packageUses);
  await db.delete(packagePurchases);
  await db.delete(voucherUses);
  await db.delete(vouchers);
  await db.delete(payments);
  await db.delete(closures);
  await db.delete(coupons);
  await db.delete(academyWaitlistEntries);
  await db.delete(clients);
  await resetTeam();
}

let sequence = 0;

interface SeedBooking {
  name?: string;
  date: string;
  time?: string;
  serviceStatus?: 'booked' | 'completed';
  amount?: number;
  paidAt?: string;
  couponCode?: string | null;
  healthConditions?: string[];
  onMedication?: boolean;
  medicationDetails?: string | null;
  needsAttention?: boolean;
  phone?: string;
  email?: string;
  referralSource?: string | null;
  notes?: string | null;
  /** When the health form was answered: at booking unless given (null: a staff booking without one). */
  healthFormAt?: string | null;
}

/** A paid one-hour booking, written as the payment records would write it (its therapist's time taken). */
export async function seedBooking(seed: SeedBooking) {
  const reference = `BK-TEST-${++sequence}-${crypto.randomUUID().slice(0, 8)}`;
  const amount = seed.amount ?? 25_000;
  await db.insert(payments).values({
    reference,
    kind: 'booking',
    status: 'paid',
    amount,
    subtotal: amount,
    discount: 0,
    couponCode: seed.couponCode ?? null,
    email: 'ada@example.com',
    details: {},
    paidAt: seed.paidAt ?? new Date().toISOString(),
  });
  const [row] = await db
    .insert(bookings)
    .values({
      paymentReference: reference,
      service: 'Massage',
      subservices: ['Swedish'],
      date: seed.date,
      time: seed.time ?? '10:00',
      name: seed.name ?? 'Ada Obi',
      email: seed.email ?? 'ada@example.com',
      phone: seed.phone ?? '+2348031234567',
      notes: seed.notes ?? null,
      referralSource: seed.referralSource ?? null,
      healthConditions: seed.healthConditions ?? [],
      onMedication: seed.onMedication ?? false,
      medicationDetails: seed.medicationDetails ?? null,
      amount,
      amountPaid: amount,
      serviceStatus: seed.serviceStatus ?? 'booked',
      needsAttention: seed.needsAttention ?? false,
      healthFormAt: seed.healthFormAt === undefined ? new Date().toISOString() : seed.healthFormAt,
    })
    .returning();
  if (!row) throw new Error('booking not inserted');
  // Linked to its client as the payment's batch links it.
  await db.$client.batch(linkClientStatements(db, 'bookings', reference, new Date()));
  const therapistId = seed.needsAttention ? undefined : await takeFreeTherapist(reference, row.date, row.time);
  if (therapistId) return { ...row, therapistId, roomId: therapistId.replace('therapist', 'room') };
  return row;
}

interface SeedOrder {
  name?: string;
  email?: string;
  orderStatus?: 'processing' | 'shipped' | 'delivered';
  amount?: number;
  paidAt?: string;
  createdAt?: string;
}

/** A paid order with two lines. */
export async function seedOrder(seed: SeedOrder = {}) {
  const reference = `OR-TEST-${++sequence}-${crypto.randomUUID().slice(0, 8)}`;
  const amount = seed.amount ?? 32_000;
  await db.insert(payments).values({
    reference,
    kind: 'order',
    status: 'paid',
    amount,
    subtotal: amount,
    discount: 0,
    email: 'chioma@example.com',
    details: {},
    paidAt: seed.paidAt ?? new Date().toISOString(),
  });
  const [order] = await db
    .insert(orders)
    .values({
      paymentReference: reference,
      name: seed.name ?? 'Chioma Nwosu',
      email: seed.email ?? 'chioma@example.com',
      phone: '+2348099990000',
      shippingAddress: '12 Admiralty Way, Lekki Phase 1, Lagos',
      amount,
      orderStatus: seed.orderStatus ?? 'processing',
      ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
    })
    .returning();
  if (!order) throw new Error('order not inserted');
  await db.$client.batch(linkClientStatements(db, 'orders', reference, new Date()));
  await db.insert(orderItems).values([
    {
      orderId: order.id,
      productId: 'all-glow-body-oil',
      productName: 'All Glow Body Oil',
      productSize: '100ml',
      unitPrice: 13_000,
      quantity: 2,
    },
    {
      orderId: order.id,
      productId: 'goat-milk-bar-soap',
      productName: 'Goat Milk Bar Soap',
      productSize: '100g',
      unitPrice: 6_000,
      quantity: 1,
    },
  ]);
  return order;
}

/**
 * A signed-in member of the team with `role` (a therapist's linked to `therapistId`): the Cookie
 * header. Replaces an account of the same email.
 */
export async function staffSession(
  role: StaffRole,
  email: string,
  therapistId: string | null = null,
  address = `198.18.9.${Math.floor(Math.random() * 250) + 1}`,
): Promise<string> {
  const password = 'a team member password 2026';
  await db.delete(staffAccounts).where(eq(staffAccounts.email, email));
  await db.insert(staffAccounts).values({
    name: `${role} ${email.split('@')[0]}`,
    email,
    role,
    therapistId,
    passwordHash: await hashPassword(password, env.ADMIN_PASSWORD_PEPPER),
  });
  const response = await login(email, password, address);
  expect(response.status).toBe(200);
  return `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
}
