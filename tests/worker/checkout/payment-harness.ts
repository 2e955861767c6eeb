// What the payment tests share: the app called with a Paystack key whose API is the fake
// Paystack (fetch to its host is routed to it), and the verify and webhook calls.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import {
  bookingEvents,
  bookings,
  closures,
  coupons,
  membershipEvents,
  memberships,
  orderItems,
  orders,
  outboxMessages,
  packagePurchases,
  packageUses,
  payments,
  refunds,
  stockHolds,
  timeBlocks,
  timeWaitlistEntries,
  timeWaitlistOffers,
  visitNotes,
  vouchers,
  voucherUses,
} from '../../../worker/db/schema';
import { PAYER_COOKIE } from '../../../worker/middleware/payer-cookie';
import { FakePaystack } from '../../fakes/paystack';
import { call as callApp, db, origin } from '../admin-harness';
import { clearReviews, resetTeam } from '../staff/team-fixtures';

export { db, origin };

export const secretKey = 'sk_test_fake_key';
export const fake = new FakePaystack('https://paystack.fake', secretKey);
export const liveEnv = {
  ...env,
  PAYSTACK_SECRET_KEY: secretKey,
  PAYSTACK_BASE_URL: fake.baseUrl,
};
export const testModeEnv = { ...env, PAYMENT_MODE: 'test', PAYSTACK_SECRET_KEY: '' };

export type Env = typeof liveEnv;

/** Calls the app as the runtime would (admin-harness's call), with the fake Paystack's key by default. */
export const call = (path: string, init: RequestInit = {}, environment: Env = liveEnv) =>
  callApp(path, init, environment);

/** A staff call (the session `cookie`, JSON from the site's Origin) with the fake Paystack's key. */
export const staffCall = (cookie: string, path: string, method = 'GET', body?: unknown) =>
  call(
    path,
    {
      method,
      headers: {
        Cookie: cookie,
        Origin: origin,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    liveEnv,
  );

/** The paying browser's cookie (middleware/payer-cookie.ts): the harness is one browser unless told otherwise. */
export const PAYER_KEY = 'test-payer-key-0123456789abcdefghijklmnopqr';
export const payerCookie = (key = PAYER_KEY) => `${PAYER_COOKIE}=${key}`;

/**
 * POST /api/payment/initialize as the web client calls it: the site's Origin, a JSON body (with a
 * callback URL it must ignore), the browser's payer cookie; `headers` adds or replaces any.
 */
export function startPayment(
  details: { customerEmail: string },
  amountKobo: number,
  environment: Env = liveEnv,
  headers: Record<string, string> = {},
) {
  const body = {
    amount: amountKobo,
    email: details.customerEmail,
    metadata: JSON.stringify({ details }),
    callback_url: 'https://evil.example/steal',
  };
  return call(
    '/api/payment/initialize',
    {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json', Cookie: payerCookie(), ...headers },
      body: JSON.stringify(body),
    },
    environment,
  );
}

export async function startPaymentOk(
  details: { customerEmail: string },
  amountKobo: number,
  environment: Env = liveEnv,
) {
  const response = await startPayment(details, amountKobo, environment);
  const body = (await response.json()) as {
    status: boolean;
    message?: string;
    data: { authorization_url: string; reference: string };
  };
  expect(response.status, body.message).toBe(200);
  return body.data;
}

/** POST /api/payment/verify from the paying browser (its payer cookie), or from another (`cookie: ''`). */
export function verify(reference: string, environment: Env = liveEnv, cookie = payerCookie()) {
  return call(
    '/api/payment/verify',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ reference }),
    },
    environment,
  );
}

export function webhook(body: string, signature?: string) {
  return call('/api/payment/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
    body,
  });
}

/** Resets the fake and routes the worker's fetch calls to it, for every test of the file. */
export function withFakePaystack(): void {
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    fake.transactions.clear();
    fake.initializeCalls.length = 0;
    fake.verifyCalls.length = 0;
    fake.outage = undefined;
    fake.hang = false;
    fake.refunds.clear();
    fake.refundCalls.length = 0;
    fake.refundOutage = undefined;
    fake.refundStatusOnCreate = 'pending';
    fake.faultRate = 0;
    fake.faults.refused = 0;
    fake.faults.lost = 0;
    fake.subscriptions.plans.clear();
    fake.subscriptions.subscriptions.clear();
    fake.subscriptions.planCalls.length = 0;
    fake.subscriptions.firstEvent = 'charge.success';
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return fake.handles(request.url) ? fake.fetch(request) : realFetch(request);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/**
 * Empties what payments lead to, children before parents (D1 enforces the foreign keys), and
 * resets the team to a fresh install's `therapists` (team-fixtures.ts).
 */
export async function clearPaymentData(therapists: number | object = 2): Promise<void> {
  await clearReviews();
  for (const table of [
    outboxMessages,
    refunds,
    bookingEvents,
    visitNotes,
    timeWaitlistOffers,
    timeWaitlistEntries,
    timeBlocks,
    bookings,
    orderItems,
    orders,
    stockHolds,
    voucherUses,
    vouchers,
    membershipEvents,
    memberships,
    packageUses,
    packagePurchases,
    payments,
    coupons,
    closures,
  ]) {
    await db.delete(table);
  }
  // As a vitest hook it is called with the test's context: then the default team.
  await resetTeam(typeof therapists === 'number' ? therapists : 2);
}
