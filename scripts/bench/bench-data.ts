// What several bench sections make alike: the median they print, the body a booking's payment
// start sends, and a client's session row for GET /api/account.
import { createHash } from 'node:crypto';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** POST /api/payment/initialize's body for one hour of Swedish (₦25,000), as the booking page sends it. */
export function bookingStartBody(visit: { date: string; time: string; email: string; name: string }) {
  const details = {
    paymentType: 'booking',
    service: 'Massage',
    subservices: ['Swedish'],
    appointmentDate: visit.date,
    appointmentTime: visit.time,
    customerName: visit.name,
    customerEmail: visit.email,
    customerPhone: '0803 555 0101',
    referralSource: 'Google Search',
    previousMassageTherapy: false,
    onMedication: false,
    exercising: false,
    healthConditions: [],
    disclaimerAgreed: true,
    amount: 25_000,
  };
  return { amount: 2_500_000, email: visit.email, metadata: JSON.stringify({ details }) };
}

/** SQL: a session that lasts for `contact` (a contact key), opened with `token` (only its SHA-256 is kept, as the Worker keeps it). */
export function accountSessionSql(token: string, contact: string): string {
  const hash = createHash('sha256').update(token).digest('hex');
  return `insert into account_sessions (token_hash, contact, expires_at)
    values ('${hash}', '${contact}', '2099-01-01T00:00:00.000Z')`;
}
