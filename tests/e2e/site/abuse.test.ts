// The limits against scripts, through the real local server (wrangler runs the [[ratelimits]]
// counters locally and passes the client's CF-Connecting-IP on, as Cloudflare sets it): each test
// comes from an address of its own, so no other journey meets its limits.
import { describe, expect, inject, it } from 'vitest';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { inOneRateWindow } from '../../fakes/rate-window';

const baseUrl = inject('baseUrl');
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

describe('a script in a loop', () => {
  it('gets 429 with Retry-After from the 21st payment start of a minute', async () => {
    await inOneRateWindow();
    const from = address();
    const statuses: number[] = [];
    for (let index = 0; index < 22; index += 1) {
      const response = await fetch(`${baseUrl}/api/payment/initialize`, {
        method: 'POST',
        headers: { 'CF-Connecting-IP': from, Origin: baseUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 'x' }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('Retry-After')).toBe('60');
    }
    expect(statuses).toEqual([...Array.from({ length: 20 }, () => 400), 429, 429]);
  });

  it('cannot hold more than 3 slots at once for one email address without paying', async () => {
    const from = address();
    const date = addDays(lagosDate(new Date()), 40);
    const statuses: number[] = [];
    for (const [index, time] of ['09:00', '10:00', '11:00', '12:00'].entries()) {
      const details = {
        paymentType: 'booking',
        service: 'Massage',
        subservices: ['Swedish'],
        appointmentDate: date,
        appointmentTime: time,
        customerName: 'Script',
        customerEmail: index % 2 ? 'SCRIPT@example.com' : 'script@example.com',
        customerPhone: '0802 000 3333',
        disclaimerAgreed: true,
        healthConditions: [],
        amount: 25_000,
      };
      const response = await fetch(`${baseUrl}/api/payment/initialize`, {
        method: 'POST',
        headers: { 'CF-Connecting-IP': from, Origin: baseUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          amount: 2_500_000,
          email: details.customerEmail,
          metadata: JSON.stringify({ details }),
        }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(25 * 60);
        expect(((await response.json()) as { message: string }).message).toContain(
          'You already have 3 bookings waiting for payment.',
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
