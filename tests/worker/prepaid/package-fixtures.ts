// Packages for the tests: defined through the staff's API, bought through the real checkout and
// the fake Paystack, their codes read from the buyer's message (the database keeps none).
import { and, eq } from 'drizzle-orm';
import { outboxMessages, packagePurchases, packageUses } from '../../../worker/db/schema';
import { nairaToKobo } from '../../../worker/shared/money';
import type { PackagePurchase } from '../../../worker/shared/prepaid/package-rules';
import { call, db, fake, payerCookie, staffCall, startPaymentOk, verify } from '../checkout/payment-harness';

export const codePattern = /\b[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}\b/;

/** Three Swedish massages (₦25,000 each on the menu) for ₦60,000, valid 6 months. */
export const threeSwedish = {
  name: 'Three Swedish',
  treatments: ['swedish'],
  sessions: 3,
  price: 60_000,
  validMonths: 6,
};

export async function definePackage(cookie: string, overrides: Partial<typeof threeSwedish & { shown: boolean }> = {}) {
  const response = await staffCall(cookie, '/api/packages', 'POST', { ...threeSwedish, ...overrides });
  if (response.status !== 201) throw new Error(`package not created: ${await response.text()}`);
  return (await response.json()) as { _id: string; price: number; sessions: number };
}

export const packagePurchase = (
  packageId: string,
  overrides: Partial<PackagePurchase> = {},
): PackagePurchase & { customerEmail: string } => ({
  paymentType: 'package',
  packageId,
  buyerName: 'Tunde Bello',
  buyerEmail: 'tunde@example.com',
  buyerPhone: '0803 123 4567',
  ...overrides,
  customerEmail: overrides.buyerEmail ?? 'tunde@example.com',
});

/** The code the buyer's email of `reference` carries. */
export async function sentCode(reference: string) {
  const [message] = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.template, 'package-bought'),
        eq(outboxMessages.idempotencyKey, `package-bought:email:${reference}`),
      ),
    );
  return codePattern.exec(message?.text ?? '')?.[0] ?? '';
}

/** Buys the package through initialize and the fake Paystack; returns its purchase row and code. */
export async function buyPackage(pkg: { _id: string; price: number }, overrides: Partial<PackagePurchase> = {}) {
  const { reference } = await startPaymentOk(packagePurchase(pkg._id, overrides), nairaToKobo(pkg.price));
  fake.settle(reference, 'success');
  await verify(reference);
  const [purchase] = await db.select().from(packagePurchases).where(eq(packagePurchases.paymentReference, reference));
  if (!purchase) throw new Error('no purchase');
  return { purchase, reference, code: await sentCode(reference) };
}

export const checkCode = async (code: string, browser = payerCookie()) => {
  const response = await call('/api/packages/check', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: browser },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

export const sessionsLeft = async (id: string) =>
  (await db.select().from(packagePurchases).where(eq(packagePurchases.id, id)))[0]?.sessionsLeft;

export const useOf = async (reference: string) =>
  (await db.select().from(packageUses).where(eq(packageUses.paymentReference, reference)))[0];
