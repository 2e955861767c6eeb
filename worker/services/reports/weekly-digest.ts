/**
 * The owners' Monday email: last week's figures from the Reports screen against the
 * week before's, from 08:00 Lagos on Monday, once a week for each active owner with an email
 * however often the cron runs (retries, overlapping runs: the outbox's idempotency key).
 */
import { sql } from 'drizzle-orm';
import { createDb } from '../../db/client';
import type { Bindings } from '../../env';
import type { WeekFigures } from '../../messages/templates/weekly-digest';
import { busiestAndEmptiest, mondayOf, presetPeriods, type Report, type ReportPeriod } from '../../shared/report-rules';
import { addDays, lagosDate, lagosToUtc } from '../../shared/time';
import { studioDetails } from '../outbox/notifications';
import { type NewMessage, queueMessages } from '../outbox/outbox';

/** The hour (Lagos) on Monday from which last week's digest is sent. */
export const DIGEST_HOUR = '08:00';

/** The admin's Reports screen, which reads its period from `from` and `to`. */
const REPORTS_PATH = '/admin/reports';

/** The Monday (Lagos) whose digest is due at `now`: none before DIGEST_HOUR or on another day. */
export function digestMonday(now: Date): string | null {
  const today = lagosDate(now);
  if (mondayOf(today) !== today) return null;
  return now.getTime() < lagosToUtc(today, DIGEST_HOUR).getTime() ? null : today;
}

export const digestKey = (monday: string, ownerId: string) => `weekly-digest:email:${monday}:${ownerId}`;

const weekFigures = (report: Report): WeekFigures => ({
  revenue: report.revenue.totals.total,
  visits: report.appointments.completed,
  noShowRate: report.appointments.noShowRate,
  utilisation: report.utilisation.total.rate,
  rebookingRate: report.clients.rebookingRate,
});

export async function sendWeeklyDigest(env: Bindings, now: Date): Promise<NewMessage[]> {
  const monday = digestMonday(now);
  if (!monday) return [];
  const db = createDb(env.DB);
  // Only owners whose digest is not in the outbox yet: a run after the first (every 15 minutes
  // all Monday) stops here, on the idempotency key's unique index, before building any report.
  const prefix = digestKey(monday, '');
  const owners = await db.all<{ id: string; name: string; email: string }>(
    sql`select s.id, s.name, s.email from staff_accounts s
      where s.role = 'owner' and s.active = 1 and s.email is not null
        and not exists (select 1 from outbox_messages o where o.idempotency_key = ${prefix} || s.id)
      order by s.created_at, s.id`,
  );
  if (owners.length === 0) return [];
  const week = presetPeriods(monday).lastWeek;
  const weekBefore: ReportPeriod = { from: addDays(week.from, -7), to: addDays(week.to, -7) };
  const { buildReport } = await import('./report');
  // The week before as it stood a week ago: its clients had as long to book again as last week's.
  const [last, before] = await Promise.all([
    buildReport(db, week.from, week.to, now),
    buildReport(db, weekBefore.from, weekBefore.to, new Date(now.getTime() - 7 * 86_400_000)),
  ]);
  const studio = studioDetails(env);
  const reportsUrl = `${studio.siteUrl}${REPORTS_PATH}?from=${week.from}&to=${week.to}`;
  const { busiest, emptiest } = busiestAndEmptiest(last.utilisation.hours);
  const { weeklyDigest } = await import('../../messages/templates/weekly-digest');
  const messages = await Promise.all(
    owners.map(async (owner): Promise<NewMessage> => {
      const rendered = await weeklyDigest(
        {
          name: owner.name,
          week,
          weekBefore,
          last: weekFigures(last),
          before: weekFigures(before),
          topTreatment: last.treatments[0] ?? null,
          busiest,
          emptiest,
          reportsUrl,
        },
        studio,
      );
      return {
        channel: 'email',
        recipient: owner.email,
        template: 'weekly-digest',
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        idempotencyKey: digestKey(monday, owner.id),
      };
    }),
  );
  // A run racing this one may write the same keys first: the outbox keeps one row per key.
  await queueMessages(db, env.MESSAGES, messages);
  return messages;
}
