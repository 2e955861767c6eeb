// Paying in the built-in test checkout over HTTP, as a visitor's browser would (initialize, the
// checkout's Pay, verify): for journeys that need a paid booking or order but test something else.
import { expect } from 'vitest';

export async function payOverHttp(
  baseUrl: string,
  details: { customerEmail: string; [field: string]: unknown },
  amountKobo: number,
): Promise<{ reference: string; manageUrl?: string }> {
  const start = await fetch(`${baseUrl}/api/payment/initialize`, {
    method: 'POST',
    headers: { Origin: baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: amountKobo, email: details.customerEmail, metadata: JSON.stringify({ details }) }),
  });
  const started = (await start.json()) as { data: { reference: string } };
  const reference = started.data.reference;
  // The paying browser's key: verify gives the manage link to it alone.
  const payerCookie = start.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  await fetch(`${baseUrl}/api/payment/test-checkout/${reference}`, {
    method: 'POST',
    headers: { Origin: baseUrl },
    body: new URLSearchParams({ outcome: 'paid' }),
    redirect: 'manual',
  });
  const verified = await fetch(`${baseUrl}/api/payment/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: payerCookie },
    body: JSON.stringify({ reference }),
  });
  const body = (await verified.json()) as { status: boolean; data?: { manageUrl?: string } };
  expect(body.status).toBe(true);
  return { reference, manageUrl: body.data?.manageUrl };
}

/** A paid booking of one Swedish massage (₦25,000) at `date` and `time`; `extra` adds to its details. */
export const payBookingOverHttp = (
  baseUrl: string,
  name: string,
  date: string,
  time: string,
  extra: Record<string, unknown> = {},
) =>
  payOverHttp(
    baseUrl,
    {
      paymentType: 'booking',
      service: 'Massage',
      subservices: ['Swedish'],
      appointmentDate: date,
      appointmentTime: time,
      customerName: name,
      customerEmail: 'tolu@example.com',
      customerPhone: '0802 000 2222',
      disclaimerAgreed: true,
      healthConditions: [],
      amount: 25_000,
      ...extra,
    },
    2_500_000,
  );

/** A paid order of two Mystic Body Oils, 100ml (₦30,000), for `name`, to 4 Awolowo Road. */
export const payOrderOverHttp = (baseUrl: string, name: string) =>
  payOverHttp(
    baseUrl,
    {
      paymentType: 'order',
      orderDate: new Date().toISOString(),
      customerName: name,
      customerEmail: 'kemi@example.com',
      customerPhone: '0802 000 1111',
      shippingAddress: '4 Awolowo Road, Ikoyi, Lagos',
      orderItems: [{ productId: 'mystic-body-oil', productSize: { size: '100ml' }, productQuantity: 2 }],
      amount: 30_000,
    },
    3_000_000,
  );
