/**
 * The figures at the top of the admin, all on the Lagos calendar: appointments today and this week
 * (Monday to Sunday), this month's paid revenue from bookings and from orders (counted by when the
 * payment was made; booking revenue less the refunds processed this month), and orders waiting to
 * ship. One query, so the figures agree with each other.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { addDays, lagosDate, lagosToUtc } from '../../shared/time';

export interface AdminStats {
  todayAppointments: number;
  weekAppointments: number;
  monthBookingRevenue: number;
  monthOrderRevenue: number;
  ordersToShip: number;
}

/** The Lagos days and instants the figures count between. */
export function statsPeriods(now: Date) {
  const today = lagosDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 is Sunday
  const monday = addDays(today, -((weekday + 6) % 7));
  const monthStart = `${today.slice(0, 8)}01`;
  const [year = 0, month = 1] = monthStart.split('-').map(Number);
  const nextMonthStart = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  return {
    today,
    weekStart: monday,
    weekEnd: addDays(monday, 6),
    monthStartUtc: lagosToUtc(monthStart, '00:00').toISOString(),
    nextMonthStartUtc: lagosToUtc(nextMonthStart, '00:00').toISOString(),
  };
}

export async function adminStats(db: Database, now: Date): Promise<AdminStats> {
  const period = statsPeriods(now);
  const appointmentsBetween = (from: string, to: string) =>
    sql`(select count(*) from bookings where date between ${from} and ${to} and service_status in ('booked', 'arrived', 'completed'))`;
  const revenue = (kind: 'booking' | 'order') =>
    sql`(select coalesce(sum(amount), 0) from payments where kind = ${kind} and status = 'paid'
      and paid_at >= ${period.monthStartUtc} and paid_at < ${period.nextMonthStartUtc})`;
  // A deposit's rest, on the day staff marked it paid at the studio.
  const balancesPaid = sql`(select coalesce(sum(p.due_at_studio), 0) from bookings b
      join payments p on p.reference = b.payment_reference
      where b.balance_paid_at >= ${period.monthStartUtc} and b.balance_paid_at < ${period.nextMonthStartUtc})`;
  // Test-mode refunds moved no money, but neither did test-mode payments: both count alike.
  const refunded = (kind: 'booking' | 'order') => sql`(select coalesce(sum(amount), 0) from refunds
      where status = 'processed' and ${sql.raw(kind === 'booking' ? 'booking_id' : 'order_id')} is not null
      and processed_at >= ${period.monthStartUtc} and processed_at < ${period.nextMonthStartUtc})`;
  const row = await db.get<AdminStats>(sql`select
    ${appointmentsBetween(period.today, period.today)} as todayAppointments,
    ${appointmentsBetween(period.weekStart, period.weekEnd)} as weekAppointments,
    ${revenue('booking')} + ${balancesPaid} - ${refunded('booking')} as monthBookingRevenue,
    ${revenue('order')} - ${refunded('order')} as monthOrderRevenue,
    (select count(*) from orders where order_status = 'processing') as ordersToShip`);
  return {
    todayAppointments: Number(row?.todayAppointments ?? 0),
    weekAppointments: Number(row?.weekAppointments ?? 0),
    monthBookingRevenue: Number(row?.monthBookingRevenue ?? 0),
    monthOrderRevenue: Number(row?.monthOrderRevenue ?? 0),
    ordersToShip: Number(row?.ordersToShip ?? 0),
  };
}
