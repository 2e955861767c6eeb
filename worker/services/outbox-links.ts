/**
 * What the outbox keeps of the links and codes its messages carry. A manage link opens a booking
 * and its money, a review link writes as the client, a card link and a gift voucher's code spend a
 * balance, and ?token= links unsubscribe, confirm, welcome or reset: each is live while the
 * message waits and for a day after it is sent (an owner may pass on an invitation that did not
 * arrive). Meanwhile only owners see them on the Messages screen (outbox.ts findMessage); then
 * the stored copy keeps "[link removed]" in their place, in the text,
 * the HTML, the headers and the WhatsApp parameters. The printable voucher card is rendered from
 * the voucher, never from a message, so it outlives them.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';

/** A day after sending, a week after it was written when it never went (held, dead). */
export const LINK_LIFETIME_AFTER_SENT_HOURS = 24;
export const LINK_LIFETIME_UNSENT_DAYS = 7;
/** Outbox rows are deleted a year after they were written. */
export const OUTBOX_RETENTION_MONTHS = 12;

/** Any URL that carries a bearer: a manage, review or card link, or a ?token=/&token= link. */
const bearerUrl =
  /\bhttps?:\/\/[^\s"'<>]*?(?:\/manage-booking\/|\/review\/|\/gift-vouchers\/card\/|[?&](?:amp;)?token=)(?:[\w.~%=&;+-]*[\w~%=-])?/g;
/** The same in a relative form (a path written without the origin). */
const bearerPath =
  /(?:\/manage-booking\/|\/review\/|\/gift-vouchers\/card\/)[A-Za-z0-9_-]{8,}|[?&](?:amp;)?token=[A-Za-z0-9_.-]+/g;
/** A gift voucher's code as messages write it (ABCD-EFGH-JKMN). */
const voucherCode = /\b[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\b/g;

export const LINK_REMOVED = '[link removed]';
export const CODE_REMOVED = '[code removed]';

/** The stored copy, once its links may no longer work. */
export const withoutLinks = (text: string) =>
  text.replace(bearerUrl, LINK_REMOVED).replace(bearerPath, LINK_REMOVED).replace(voucherCode, CODE_REMOVED);

/** What a viewer who may not use a link sees of it (the Messages screen). */
export const withLinksHidden = (text: string) =>
  text
    .replace(/token=[A-Za-z0-9_.-]+/g, 'token=(hidden)')
    .replace(/(\/manage-booking|\/review|\/gift-vouchers\/card)\/[A-Za-z0-9_-]+/g, '$1/(hidden)')
    .replace(voucherCode, '(code hidden)');

type Row = typeof outboxMessages.$inferSelect;

const scrubbed = (row: Row) => ({
  text: withoutLinks(row.text),
  html: row.html === null ? null : withoutLinks(row.html),
  headers: row.headers
    ? Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, withoutLinks(value)]))
    : null,
  whatsappTemplate: row.whatsappTemplate
    ? { ...row.whatsappTemplate, parameters: row.whatsappTemplate.parameters.map(withoutLinks) }
    : null,
});

/**
 * The cron's task: every message past its links' lifetime keeps them no more (a batch at a time;
 * `links_removed_at` marks what is done), and rows older than a year are deleted.
 */
export async function forgetMessageLinks(db: Database, now: Date): Promise<void> {
  const sentBefore = new Date(now.getTime() - LINK_LIFETIME_AFTER_SENT_HOURS * 3_600_000).toISOString();
  const writtenBefore = new Date(now.getTime() - LINK_LIFETIME_UNSENT_DAYS * 86_400_000).toISOString();
  const due = await db
    .select()
    .from(outboxMessages)
    .where(
      and(
        isNull(outboxMessages.linksRemovedAt),
        or(
          and(eq(outboxMessages.status, 'sent'), lte(outboxMessages.sentAt, sentBefore)),
          and(inArray(outboxMessages.status, ['held', 'dead']), lte(outboxMessages.createdAt, writtenBefore)),
        ),
      ),
    )
    .limit(200);
  const updates = due.map((row) =>
    db
      .update(outboxMessages)
      .set({ ...scrubbed(row), linksRemovedAt: now.toISOString() })
      .where(eq(outboxMessages.id, row.id)),
  );
  const [first, ...rest] = updates;
  if (first) await db.batch([first, ...rest]);
  const retainedSince = new Date(now);
  retainedSince.setUTCMonth(retainedSince.getUTCMonth() - OUTBOX_RETENTION_MONTHS);
  await db.run(sql`delete from outbox_messages where created_at <= ${retainedSince.toISOString()}`);
}
