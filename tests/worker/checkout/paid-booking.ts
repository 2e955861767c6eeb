// A booking paid through the fake Paystack, as the visitor's confirmation page receives it.
import { expect } from 'vitest';
import type { BookingDetailsInput } from '../../../worker/shared/bookings/booking-schema';
import { bookingDetails, tomorrow } from './payment-fixtures';
import { fake, startPaymentOk, verify } from './payment-harness';

/** Books and pays tomorrow at `time`; returns what the confirmation page receives. */
export async function paidBooking(time: BookingDetailsInput['appointmentTime'] = '10:00', date = tomorrow()) {
  const { reference } = await startPaymentOk(
    bookingDetails({ appointmentDate: date, appointmentTime: time }),
    5_500_000,
  );
  fake.settle(reference, 'success');
  const response = await verify(reference);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { status: boolean; data: { manageUrl: string; reference: string } };
  return { reference, manageUrl: body.data.manageUrl };
}
