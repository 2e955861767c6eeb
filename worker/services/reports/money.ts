/**
 * The reports' money: what came in on each Lagos day and how (reportDefinitions.revenue), the
 * shop's products sold, and what clients still hold unspent at the period's end (liability).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Report, RevenueChannel, RevenueFigures } from '../../shared/report-rules';
import { datesOf, lagosDayOf, type ReportWindow } from './window';

const emptyFigures = (): RevenueFigures => ({ online: 0, studio: 0, vouchers: 0, packages: 0, refunds: 0, total: 0 });

export async function revenueByDay(db: Database, window: ReportWindow): Promise<Report['revenue']> {
  const { fromUtc, endUtc } = window;
  const rows = await db.all<{ day: string; channel: RevenueChannel | 'refunds'; amount: number }>(sql`
    select ${lagosDayOf('paid_at')} as day,
      case when kind = 'voucher' then 'vouchers'
        when kind in ('package', 'membership') then 'packages'
        when method in ('cash', 'transfer', 'pos') then 'studio'
        else 'online' end as channel,
      sum(amount) as amount
    from payments where status = 'paid' and paid_at >= ${fromUtc} and paid_at < ${endUtc}
    group by 1, 2
    union all
    -- A deposit's rest, on the day staff marked it paid at the studio.
    select ${lagosDayOf('b.balance_paid_at')}, 'studio', sum(p.due_at_studio)
    from bookings b join payments p on p.reference = b.payment_reference
    where b.balance_paid_at >= ${fromUtc} and b.balance_paid_at < ${endUtc}
    group by 1
    union all
    -- A membership's later months: Paystack charges them (the first month is a payment above). Only
    -- a month applied: a charge not the month's price, or of no membership known, is not one.
    select ${lagosDayOf('created_at')}, 'packages', cast(round(sum(json_extract(payload, '$.data.amount')) / 100.0) as integer)
    from membership_events where event = 'charge.success' and applied = 1
      and created_at >= ${fromUtc} and created_at < ${endUtc}
    group by 1
    union all
    select ${lagosDayOf('processed_at')}, 'refunds', sum(amount)
    from refunds where status = 'processed' and processed_at >= ${fromUtc} and processed_at < ${endUtc}
    group by 1`);
  const days = new Map<string, RevenueFigures>();
  for (const day of datesOf(window)) days.set(day, emptyFigures());
  const totals = emptyFigures();
  for (const row of rows) {
    const figures = days.get(row.day);
    if (!figures) continue;
    const amount = Number(row.amount);
    figures[row.channel] += amount;
    totals[row.channel] += amount;
    const signed = row.channel === 'refunds' ? -amount : amount;
    figures.total += signed;
    totals.total += signed;
  }
  return { totals, days: [...days].map(([date, figures]) => ({ date, ...figures })) };
}

export async function productsSold(db: Database, window: ReportWindow): Promise<Report['products']> {
  const rows = await db.all<{ name: string; size: string; units: number; value: number }>(sql`
    select i.product_name as name, i.product_size as size, sum(i.quantity) as units,
      sum(i.quantity * i.unit_price) as value
    from payments p join orders o on o.payment_reference = p.reference join order_items i on i.order_id = o.id
    where p.kind = 'order' and p.status = 'paid' and p.paid_at >= ${window.fromUtc} and p.paid_at < ${window.endUtc}
      and o.order_status <> 'cancelled'
    group by i.product_name, i.product_size
    order by value desc, name`);
  return rows.map((row) => ({ ...row, units: Number(row.units), value: Number(row.value) }));
}

/** SQL: a voucher's or package's use that had taken its share at `atUtc` (given back only after it, if at all). */
const takenAt = (atUtc: string) =>
  sql`u.created_at < ${atUtc} and (u.state in ('held', 'spent') or u.updated_at > ${atUtc})`;

export async function liabilityAt(db: Database, window: ReportWindow): Promise<Report['liability']> {
  const { atUtc, atDate } = window;
  const row = await db.get<{ vouchers: number; packages: number }>(sql`select
    (select coalesce(sum(v.amount - coalesce((select sum(u.amount) from voucher_uses u
        where u.voucher_id = v.id and ${takenAt(atUtc)}), 0)), 0)
      from vouchers v where (v.status = 'active' or v.voided_at > ${atUtc})
        and v.created_at < ${atUtc} and v.expires_on >= ${atDate}) as vouchers,
    (select coalesce(sum(max(0, pp.sessions - coalesce((select sum(u.sessions) from package_uses u
        where u.purchase_id = pp.id and ${takenAt(atUtc)}), 0))
        * pp.price * 1.0 / pp.sessions), 0)
      from package_purchases pp where pp.package_id is not null and pp.status = 'active'
        and pp.created_at < ${atUtc} and pp.expires_on >= ${atDate}) as packages`);
  const vouchers = Number(row?.vouchers ?? 0);
  const packages = Math.round(Number(row?.packages ?? 0));
  return { at: atUtc, date: atDate, vouchers, packages, total: vouchers + packages };
}
