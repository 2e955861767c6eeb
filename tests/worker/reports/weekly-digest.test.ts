// The owners' Monday digest: from 08:00 Lagos on Monday, one email per active owner with
// an email, of last week's figures (16–22 November 2026) against the week before's (9–15 November),
// on hand-made history whose figures are worked out in the comments; once a week however often,
// and however many at once, the cron runs.
import { env } from 'cloudflare:workers';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, staffAccounts } from '../../../worker/db/schema';
import { sendWeeklyDigest } from '../../../worker/services/reports/weekly-digest';
import { lagosToUtc } from '../../../worker/shared/time';
import { clearData, db } from '../admin-harness';
import { seedClient, seedPayment, seedVisit } from './report-fixtures';

const MONDAY = '2026-11-23';
const at = (date: string, time: string) => lagosToUtc(date, time);
const siteUrl = env.SITE_URL.replace(/\/$/, '');

const digests = () =>
  db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.template, 'weekly-digest'))
    .orderBy(outboxMessages.recipient, outboxMessages.idempotencyKey);

const digestsOfWeek = (monday: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.template, 'weekly-digest'),
        like(outboxMessages.idempotencyKey, `weekly-digest:email:${monday}:%`),
      ),
    );

async function seedTeam() {
  // The built-in owner (id 'owner') has no email: never a recipient.
  await db.insert(staffAccounts).values([
    { name: 'Funke Owner', email: 'funke@digest.test', role: 'owner' },
    { name: 'Tunde Owner', email: 'tunde@digest.test', role: 'owner' },
    { name: 'Gone Owner', email: 'gone@digest.test', role: 'owner', active: false },
    { name: 'Bayo Manager', email: 'bayo@digest.test', role: 'manager' },
    { name: 'Amaka Desk', email: 'amaka@digest.test', role: 'reception' },
  ]);
}

async function seedWeeks() {
  const paid = (date: string) => ({ paidAt: `${date}T08:00:00.000Z` });
  // Last week: ₦30,000 + ₦50,000 + ₦30,000 online and ₦20,000 cash = ₦130,000. Three appointments,
  // two completed (both at 14:00), one no-show: 1 of 3 = 33%.
  const rebooker = await seedClient('Ngozi Rebooks');
  await seedVisit({ date: '2026-11-17', time: '14:00', clientId: rebooker, payment: paid('2026-11-17') });
  await seedVisit({
    date: '2026-11-18',
    time: '14:00',
    lines: [{ id: 'signature-facial', name: 'Signature Facial', price: 50_000 }],
    payment: paid('2026-11-18'),
  });
  await seedVisit({ date: '2026-11-19', time: '10:00', status: 'no-show', payment: paid('2026-11-19') });
  await seedPayment({ amount: 20_000, method: 'cash', ...paid('2026-11-20') });
  // Ngozi books again after her visit (paid after both weeks): 1 of last week's 2 clients rebooked, 50%.
  await seedVisit({
    date: '2026-12-05',
    status: 'booked',
    clientId: rebooker,
    createdAt: '2026-11-17T15:30:00.000Z',
    payment: paid('2026-11-25'),
  });
  // The week before: one completed visit (₦30,000) and ₦15,000 cash = ₦45,000; no no-shows, 0%.
  // Its client booked again on 20 November: ten days after, when a week ago it was six. Compared
  // as last week is (six to eight days on), the week before's rebooking is 0%, not 100%.
  const later = await seedClient('Kola Later');
  await seedVisit({ date: '2026-11-10', clientId: later, payment: paid('2026-11-10') });
  await seedVisit({
    date: '2026-12-10',
    status: 'booked',
    clientId: later,
    createdAt: '2026-11-20T10:00:00.000Z',
    payment: paid('2026-11-26'),
  });
  await seedPayment({ amount: 15_000, method: 'cash', ...paid('2026-11-12') });
  // Outside both weeks: Sunday 8 November, and 00:30 on Monday 23 November in Lagos (23:30 UTC
  // on the Sunday).
  await seedPayment({ amount: 99_000, paidAt: '2026-11-08T10:00:00.000Z' });
  await seedPayment({ amount: 99_000, paidAt: '2026-11-22T23:30:00.000Z' });
}

beforeEach(async () => {
  await clearData();
  await db.delete(outboxMessages);
  await db.delete(auditLog);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
  await seedTeam();
  await seedWeeks();
});

describe('the owners’ Monday digest', () => {
  it('is not sent before 08:00 on Monday, nor on another day', async () => {
    expect(await sendWeeklyDigest(env, at(MONDAY, '07:45'))).toEqual([]);
    expect(await sendWeeklyDigest(env, at('2026-11-24', '09:00'))).toEqual([]);
    expect(await sendWeeklyDigest(env, at('2026-11-22', '12:00'))).toEqual([]);
    expect(await digests()).toEqual([]);
  });

  it('goes at 08:00 to each active owner with an email, with last week against the week before', async () => {
    await sendWeeklyDigest(env, at(MONDAY, '08:00'));
    const sent = await digests();
    expect(sent.map((message) => message.recipient)).toEqual(['funke@digest.test', 'tunde@digest.test']);
    const funke = sent[0];
    expect(funke?.subject).toBe('Your week at Spa & Skincare Studio: 16–22 November');
    const text = funke?.text ?? '';
    expect(text).toContain('Dear Funke Owner,');
    expect(text).toContain('Revenue: ₦130,000 (week before ₦45,000; up ₦85,000)');
    expect(text).not.toContain('Appointments');
    expect(text).toContain('Visits: 2 (week before 1; up 1)');
    expect(text).toContain('No-show rate: 33% (week before 0%; up 33 points)');
    expect(text).toContain('Rebooking rate: 50% (week before 0%; up 50 points)');
    // Two therapists, 09:00–18:00 every day: 7 560 working minutes, 180 booked last week (2%), 60 the week before (1%).
    expect(text).toContain('Utilisation: 2% (week before 1%; up 1 point)');
    expect(text).toContain('Top treatment: Signature Facial, 1 visit, ₦50,000');
    // 14:00 holds two of its 840 minutes' worth of hours (14%); 09:00 none.
    expect(text).toContain('Busiest hour: 2:00 PM–3:00 PM (14% booked)');
    expect(text).toContain('Emptiest hour: 9:00 AM–10:00 AM (0% booked)');
    const link = `${siteUrl}/admin/reports?from=2026-11-16&to=2026-11-22`;
    expect(text).toContain(`Open Reports: ${link}`);
    expect(funke?.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    expect(funke?.html).toContain('Open Reports');
    // Each owner's copy is their own.
    expect(sent[1]?.text).toContain('Dear Tunde Owner,');
    const owners = await db
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .where(sql`${staffAccounts.email} in ('funke@digest.test', 'tunde@digest.test')`)
      .orderBy(staffAccounts.email);
    expect(sent.map((message) => message.idempotencyKey)).toEqual(
      owners.map((owner) => `weekly-digest:email:2026-11-23:${owner.id}`),
    );
  });

  it('is sent once a week per owner however often, and however many at once, the cron runs', async () => {
    const [first, second] = await Promise.all([
      sendWeeklyDigest(env, at(MONDAY, '08:00')),
      sendWeeklyDigest(env, at(MONDAY, '08:00')),
    ]);
    expect((first?.length ?? 0) + (second?.length ?? 0)).toBeGreaterThanOrEqual(2);
    const once = await digestsOfWeek(MONDAY);
    expect(once.map((message) => message.recipient).sort()).toEqual(['funke@digest.test', 'tunde@digest.test']);
    // The next runs find every owner's digest queued and build nothing.
    expect(await sendWeeklyDigest(env, at(MONDAY, '08:15'))).toEqual([]);
    expect(await Promise.all([0, 1].map(() => sendWeeklyDigest(env, at(MONDAY, '08:30'))))).toEqual([[], []]);
    expect(await sendWeeklyDigest(env, at(MONDAY, '23:45'))).toEqual([]);
    expect((await digestsOfWeek(MONDAY)).map((message) => message.id).sort()).toEqual(
      once.map((message) => message.id).sort(),
    );
    // An owner added later that Monday gets theirs, and only they do.
    await db.insert(staffAccounts).values({ name: 'Kemi Owner', email: 'kemi@digest.test', role: 'owner' });
    const late = await sendWeeklyDigest(env, at(MONDAY, '10:00'));
    expect(late.map((message) => message.recipient)).toEqual(['kemi@digest.test']);
    expect(await digestsOfWeek(MONDAY)).toHaveLength(3);
  });

  it('sends a new one the next Monday, of the week after', async () => {
    await sendWeeklyDigest(env, at(MONDAY, '08:00'));
    await sendWeeklyDigest(env, at('2026-11-30', '08:00'));
    const next = await digestsOfWeek('2026-11-30');
    expect(next.map((message) => message.recipient).sort()).toEqual(['funke@digest.test', 'tunde@digest.test']);
    expect(next[0]?.subject).toBe('Your week at Spa & Skincare Studio: 23–29 November');
    // 16–22 November is now the week before.
    expect(next[0]?.text).toContain('(week before ₦130,000;');
    expect(next[0]?.text).toContain(`${siteUrl}/admin/reports?from=2026-11-23&to=2026-11-29`);
    expect(await digests()).toHaveLength(4);
  });
});
