/**
 * The owners' morning email of the gift vouchers sold at the desk the day before (the cron, from
 * 08:00 Lagos): once a day for each active owner with an email, and only when there were sales.
 */
import { sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import type { Bindings } from '../../env';
import type { DeskVoucherSale } from '../../messages/templates/desk-voucher-summary';
import { roleLabels, type StaffRole } from '../../shared/permissions';
import { addDays, lagosClock, lagosDate, lagosToUtc } from '../../shared/time';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';
import { readScheduleSettings } from '../schedule/schedule-settings';

/** The hour (Lagos) the summary of the day before is sent. */
export const SUMMARY_HOUR = '08:00';

const paymentLabels: Record<string, string> = { cash: 'Cash', transfer: 'Bank transfer', pos: 'POS' };

export async function sendDeskVoucherSummary(env: Bindings, now: Date): Promise<NewMessage[]> {
  const today = lagosDate(now);
  if (now.getTime() < lagosToUtc(today, SUMMARY_HOUR).getTime()) return [];
  const day = addDays(today, -1);
  const db = createDb(env.DB);
  const rows = await db.all<{
    createdAt: string;
    soldBy: string;
    role: string | null;
    treatment: string | null;
    amount: number;
    method: string;
    recipientName: string;
    last4: string;
  }>(sql`select v.created_at as "createdAt", v.sold_by as "soldBy", v.sold_by_role as "role", v.treatment,
      v.amount, p.method, v.recipient_name as "recipientName", v.code_last4 as "last4"
    from vouchers v join payments p on p.reference = v.payment_reference
    where v.sold_by is not null and v.created_at >= ${lagosToUtc(day, '00:00').toISOString()}
      and v.created_at < ${lagosToUtc(today, '00:00').toISOString()}
    order by v.created_at`);
  if (rows.length === 0) return [];
  const owners = await db.all<{ id: string; name: string; email: string }>(
    sql`select id, name, email from staff_accounts where role = 'owner' and active = 1 and email is not null`,
  );
  const sales: DeskVoucherSale[] = rows.map((row) => ({
    time: lagosClock(new Date(row.createdAt)),
    soldBy: row.soldBy,
    role: row.role ? roleLabels[row.role as StaffRole].toLowerCase() : 'staff',
    value: row.treatment ?? 'Gift voucher',
    amount: row.amount,
    payment: paymentLabels[row.method] ?? row.method,
    recipientName: row.recipientName,
    last4: row.last4,
  }));
  const byPayment = new Map<string, number>();
  for (const sale of sales) byPayment.set(sale.payment, (byPayment.get(sale.payment) ?? 0) + sale.amount);
  const receptionTotal = rows.filter((row) => row.role === 'reception').reduce((sum, row) => sum + row.amount, 0);
  const { deskVoucherDailyLimit } = await readScheduleSettings(db);
  const studio = studioDetails(env);
  const { deskVoucherSummary } = await import('../../messages/templates/desk-voucher-summary');
  const messages = await Promise.all(
    owners.map(async (owner): Promise<NewMessage> => {
      const rendered = await deskVoucherSummary(
        {
          name: owner.name,
          date: day,
          sales,
          byPayment: [...byPayment],
          receptionTotal,
          receptionLimit: deskVoucherDailyLimit,
        },
        studio,
      );
      return {
        channel: 'email',
        recipient: owner.email,
        template: 'desk-voucher-summary',
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        idempotencyKey: `desk-voucher-summary:email:${day}:${owner.id}`,
      };
    }),
  );
  await queueMessages(db, env.MESSAGES, messages);
  return messages;
}
