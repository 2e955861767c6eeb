import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { academyWaitlistEntries, bookings, refunds } from '../../../worker/db/schema';
import { csvCell, toCsv } from '../../../worker/services/csv';
import { adminStats, statsPeriods } from '../../../worker/services/reports/stats';
import { adminCall, clearData, db, seedBooking, seedOrder, signIn } from '../admin-harness';

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(clearData);

const download = async (path: string) => {
  const response = await adminCall(cookie, path);
  expect(response.status).toBe(200);
  expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  expect(response.headers.get('Content-Disposition')).toMatch(
    /^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the UTF-8 byte order mark
  return new TextDecoder().decode(bytes.slice(3)).split('\r\n');
};

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+2348031234567', `'+2348031234567`],
    ['-', `'-`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['Ada, Obi', '"Ada, Obi"'],
    ['line one\nline two', '"line one\nline two"'],
    ['Ọlá Ádébáyọ̀ ₦', 'Ọlá Ádébáyọ̀ ₦'],
    [25000, '25000'],
    [true, 'Yes'],
    [null, ''],
  ])('writes %j as %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('starts with a byte order mark and ends rows with CRLF', () => {
    expect(toCsv(['A', 'B'], [[1, 2]])).toBe('\uFEFFA,B\r\n1,2\r\n');
  });
});

describe('GET /api/export/*.csv', () => {
  it('exports the bookings of a tab, formulas neutralised', async () => {
    await seedBooking({
      name: '=cmd|" /C calc"!A0',
      date: '2026-12-01',
      phone: '+2348031234567',
      referralSource: '-',
      notes: 'Never in a spreadsheet',
    });
    await seedBooking({ name: 'Done', date: '2026-11-01', serviceStatus: 'completed' });
    const lines = await download('/api/export/bookings.csv?status=booked');
    expect(
      lines[0]?.startsWith(
        'Name,Treatments,Date,Time,Ends,Minutes,Therapist,Room,Status,Email,Phone,Payment,Amount (NGN),Paid (NGN),Balance due (NGN),Coupon',
      ),
    ).toBe(true);
    expect(lines).toHaveLength(3); // header, one row, the final empty line
    expect(lines[1]).toContain(
      `"'=cmd|"" /C calc""!A0",Swedish,2026-12-01,10:00,11:00,60,Therapist 1,Room 1,booked,ada@example.com,'+2348031234567,paystack,25000,25000,0,`,
    );
    expect(lines[1]).toContain(`,'-,`);
    // The client's notes for the therapist are health data: never exported.
    expect(lines.join('\n')).not.toContain('Never in a spreadsheet');
    expect(lines[0]).not.toContain('Notes');
    expect(lines[2]).toBe('');
    expect(await download('/api/export/bookings.csv')).toHaveLength(4);
  });

  it('exports the orders of a tab with their items', async () => {
    await seedOrder({ name: 'Chioma Nwosu' });
    await seedOrder({ name: 'Shipped', orderStatus: 'shipped' });
    const lines = await download('/api/export/orders.csv?status=processing');
    expect(lines[0]).toBe(
      'Name,Ordered at (UTC),Status,Amount paid (NGN),Items,Email,Phone,Shipping address,Coupon,Payment reference,Refund (NGN)',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      'processing,32000,All Glow Body Oil (100ml) × 2; Goat Milk Bar Soap (100g) × 1,chioma@example.com,\'+2348099990000,"12 Admiralty Way, Lekki Phase 1, Lagos"',
    );
  });

  it('exports the waitlist', async () => {
    await db.insert(academyWaitlistEntries).values({
      firstName: '@admin',
      email: 'ada@example.com',
      whatsapp: '+2348031234567',
      state: 'Lagos',
      joinedAt: '2026-11-01T10:00:00.000Z',
    });
    const lines = await download('/api/export/waitlist.csv');
    expect(lines.slice(0, 2)).toEqual([
      'First name,Email,WhatsApp,State,Joined at (UTC)',
      "'@admin,ada@example.com,'+2348031234567,Lagos,2026-11-01T10:00:00.000Z",
    ]);
  });

  it('refuses an unknown status', async () => {
    expect((await adminCall(cookie, '/api/export/orders.csv?status=lost')).status).toBe(400);
  });
});

describe('GET /api/stats', () => {
  // 23:30 UTC on Tuesday 31 March is 00:30 on Wednesday 1 April in Lagos.
  const now = new Date('2026-03-31T23:30:00.000Z');

  it('takes its days from the Lagos calendar', () => {
    expect(statsPeriods(now)).toEqual({
      today: '2026-04-01',
      weekStart: '2026-03-30',
      weekEnd: '2026-04-05',
      monthStartUtc: '2026-03-31T23:00:00.000Z',
      nextMonthStartUtc: '2026-04-30T23:00:00.000Z',
    });
    expect(statsPeriods(new Date('2026-12-31T23:00:00.000Z'))).toMatchObject({
      today: '2027-01-01',
      weekStart: '2026-12-28',
      monthStartUtc: '2026-12-31T23:00:00.000Z',
      nextMonthStartUtc: '2027-01-31T23:00:00.000Z',
    });
  });

  it('counts appointments, revenue and orders to ship across a Lagos midnight', async () => {
    // Appointments: today (Lagos) twice, one completed; elsewhere in the week; outside it.
    await seedBooking({ date: '2026-04-01', time: '09:00', amount: 20_000, paidAt: '2026-03-31T23:10:00.000Z' });
    await seedBooking({
      date: '2026-04-01',
      time: '10:00',
      serviceStatus: 'completed',
      amount: 30_000,
      paidAt: '2026-03-20T10:00:00.000Z',
    });
    await seedBooking({ date: '2026-03-31', amount: 25_000, paidAt: '2026-03-31T22:59:59.000Z' }); // 23:59 in Lagos, March
    await seedBooking({ date: '2026-04-05', amount: 40_000, paidAt: '2026-04-30T22:59:00.000Z' }); // last minute of April
    await seedBooking({ date: '2026-03-29', amount: 50_000, paidAt: '2026-04-30T23:00:00.000Z' }); // 1 May in Lagos
    await seedBooking({ date: '2026-04-06', amount: 60_000, paidAt: '2026-04-02T12:00:00.000Z' });
    // Orders: two waiting to ship; revenue by payment date.
    await seedOrder({ amount: 13_000, paidAt: '2026-03-31T23:00:00.000Z' }); // 00:00 on 1 April in Lagos
    await seedOrder({ amount: 6_000, paidAt: '2026-03-31T22:00:00.000Z' }); // 23:00 on 31 March
    await seedOrder({ amount: 20_000, orderStatus: 'shipped', paidAt: '2026-04-15T09:00:00.000Z' });

    expect(await adminStats(db, now)).toEqual({
      todayAppointments: 2,
      weekAppointments: 4, // 31 March, 1 April twice, 5 April
      monthBookingRevenue: 20_000 + 40_000 + 60_000,
      monthOrderRevenue: 13_000 + 20_000,
      ordersToShip: 2,
    });
  });

  it('takes the refunds processed this month off the booking revenue, and no pending or failed one', async () => {
    const refundOf = async (amount: number, status: 'pending' | 'processed' | 'failed', processedAt: string | null) => {
      const booking = await seedBooking({ date: '2026-04-10', amount, paidAt: '2026-04-01T10:00:00.000Z' });
      await db.update(bookings).set({ serviceStatus: 'cancelled' }).where(eq(bookings.id, booking.id));
      await db.insert(refunds).values({
        bookingId: booking.id,
        paymentReference: booking.paymentReference,
        amount,
        status,
        processedAt,
      });
    };
    await refundOf(10_000, 'processed', '2026-04-02T10:00:00.000Z');
    await refundOf(20_000, 'pending', null);
    await refundOf(30_000, 'failed', null);
    await refundOf(40_000, 'processed', '2026-03-30T10:00:00.000Z'); // processed in March
    expect((await adminStats(db, now)).monthBookingRevenue).toBe(100_000 - 10_000);
  });

  it('answers the figures as numbers', async () => {
    const response = await adminCall(cookie, '/api/stats');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      todayAppointments: 0,
      weekAppointments: 0,
      monthBookingRevenue: 0,
      monthOrderRevenue: 0,
      ordersToShip: 0,
    });
  });
});
