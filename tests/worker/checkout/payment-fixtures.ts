// Valid booking and order details, as the web sends them, for the payment tests to vary.
import type { Database } from '../../../worker/db/client';
import { bookings, payments } from '../../../worker/db/schema';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import type { OrderDetailsInput, OrderItemInput } from '../../../worker/shared/catalogue/order-schema';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { takeFreeTherapist } from '../staff/team-fixtures';

/** The Lagos date `days` from today. */
export const inDays = (days: number) => addDays(lagosDate(new Date()), days);
export const tomorrow = () => inDays(1);

/** A visit of one 60-minute treatment: one hourly start of one therapist, no more. */
export const oneHourVisit = { subservices: ['Swedish'], amount: 25_000 };

export function bookingDetails(overrides: Partial<BookingDetailsInput> = {}): BookingDetailsInput {
  return {
    paymentType: 'booking',
    service: 'Massage',
    subservices: ['Swedish', 'Hotstone'],
    appointmentDate: tomorrow(),
    appointmentTime: '10:00',
    customerName: 'Ada Obi',
    customerEmail: 'ada@example.com',
    customerPhone: '0803 123 4567',
    notes: 'Lower back is tight',
    referralSource: 'Google Search',
    previousMassageTherapy: true,
    onMedication: false,
    exercising: true,
    exerciseFrequency: 3,
    exerciseHours: 4,
    healthConditions: ['High Blood pressure'],
    disclaimerAgreed: true,
    amount: 55_000,
    ...overrides,
  };
}

export const item = (
  productId: string,
  size: string,
  productQuantity: number,
  extra: Partial<OrderItemInput> = {},
) => ({
  productId,
  productSize: { size },
  productQuantity,
  ...extra,
});

/** Two sizes of one oil and a soap: 2 × 13,000 + 20,000 + 6,000 = ₦52,000. */
export const cart = () => [
  item('all-glow-body-oil', '100ml', 2),
  item('all-glow-body-oil', '250ml', 1),
  item('goat-milk-bar-soap', '100g', 1),
];
export const CART_KOBO = 5_200_000;

export function orderDetails(overrides: Partial<OrderDetailsInput> = {}): OrderDetailsInput {
  return {
    paymentType: 'order',
    orderDate: new Date().toISOString(),
    customerName: 'Chioma Nwosu',
    customerEmail: 'Chioma@Example.com',
    customerPhone: '+234 803 123 4567',
    shippingAddress: '12 Admiralty Way, Lekki Phase 1, Lagos',
    orderItems: cart(),
    amount: 52_000,
    ...overrides,
  };
}

/**
 * A paid one-hour booking written straight into D1 (its payment first), with a free therapist's time
 * taken: for tests of what follows a payment.
 */
export async function insertPaidBooking(
  db: Database,
  row: Pick<typeof bookings.$inferInsert, 'date' | 'time'> &
    Partial<typeof bookings.$inferInsert> & { reference: string },
) {
  const { reference, ...booking } = row;
  const email = booking.email ?? 'ada@example.com';
  await db.insert(payments).values({
    reference,
    kind: 'booking',
    status: 'paid',
    amount: 25_000,
    subtotal: 25_000,
    email,
    details: {},
  });
  await db.insert(bookings).values({
    paymentReference: reference,
    service: 'Massage',
    subservices: ['Swedish'],
    name: 'Ada Obi',
    phone: '+2348031234567',
    amount: 25_000,
    amountPaid: booking.amount ?? 25_000,
    ...booking,
    email,
  });
  if (booking.serviceStatus !== 'cancelled') await takeFreeTherapist(reference, row.date, row.time);
}
