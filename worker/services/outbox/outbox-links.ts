/**
 * What the outbox keeps of the links and codes its messages carry. A manage link opens a booking
 * and its money, a review link writes as the client, a card link and a gift voucher's code spend a
 * balance, and ?token= links unsubscribe, confirm, welcome or reset: each is live while the
 * message waits and for a day after it is sent (an owner may pass on an invitation that did not
 * arrive). Meanwhile only owners see them on the Messages screen (outbox.ts findMessage). A
 * client's own secrets (the sign-in code of their page, a visit's health form link, a waitlist
 * entry's and an offered place's links) act as the client: no role ever sees them. Then the stored
 * copy keeps "[link removed]" or "[code removed]" in their place, in the subject, the text, the
 * HTML, the headers and the WhatsApp parameters. The printable voucher card is rendered from the
 * voucher, never from a message, so it outlives them.
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { isoBefore } from '../../shared/time';

/** A day after sending, a week after it was written when it never went (held, dead). */
export const LINK_LIFETIME_AFTER_SENT_HOURS = 24;
export const LINK_LIFETIME_UNSENT_DAYS = 7;
/** Outbox rows are deleted a year after they were written. */
export const OUTBOX_RETENTION_MONTHS = 12;

/**
 * Any URL that carries a bearer: a manage, review or card link, a client's form or waitlist link,
 * or a ?token=/&token= link.
 */
const bearerUrl =
  /\bhttps?:\/\/[^\s"'<>]*?(?:\/manage-booking\/|\/review\/|\/gift-vouchers\/card\/|\/visit-form\/|\/time-waitlist\/|\/waitlist-offer\/|[?&](?:amp;)?token=)(?:[\w.~%=&;+-]*[\w~%=-])?/g;
/** The same in a relative form (a path written without the origin). */
const bearerPath =
  /(?:\/manage-booking\/|\/review\/|\/gift-vouchers\/card\/|\/visit-form\/|\/time-waitlist\/|\/waitlist-offer\/)[A-Za-z0-9_.-]{8,}|[?&](?:amp;)?token=[A-Za-z0-9_.-]+/g;
/** A gift voucher's code as messages write it (ABCD-EFGH-JKMN). */
const voucherCode = /\b[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\b/g;
/** A client's own links: a visit's health form, a waitlist entry, an offered place. */
const clientLinkPath = /(\/visit-form|\/time-waitlist|\/waitlist-offer)\/[A-Za-z0-9_.-]{8,}/g;
/** The 6-digit sign-in code of a client's page (not a colour's hex digits in the HTML). */
const signInCode = /(?<![#\w])\d{6}(?!\w)/g;
/** The templates whose every 6-digit number is a client's sign-in code. */
const signInCodeTemplates: readonly string[] = ['account-code'];

export const LINK_REMOVED = '[link removed]';
export const CODE_REMOVED = '[code removed]';

/** The stored copy, once its links may no longer work (`template` says where a sign-in code is). */
export const withoutLinks = (text: string, template?: string) => {
  const scrubbed = text
    .replace(bearerUrl, LINK_REMOVED)
    .replace(bearerPath, LINK_REMOVED)
    .replace(voucherCode, CODE_REMOVED);
  return template && signInCodeTemplates.includes(template) ? scrubbed.replace(signInCode, CODE_REMOVED) : scrubbed;
};

/** What no viewer sees of a message: the client's own links and sign-in code. */
export const withClientSecretsHidden = (text: string, template: string) => {
  const hidden = text.replace(clientLinkPath, '$1/(hidden)');
  return signInCodeTemplates.includes(template) ? hidden.replace(signInCode, '(code hidden)') : hidden;
};

/** What a viewer who may not use a link sees of it (the Messages screen). */
export const withLinksHidden = (text: string, template: string) =>
  withClientSecretsHidden(text, template)
    .replace(/token=[A-Za-z0-9_.-]+/g, 'token=(hidden)')
    .replace(/(\/manage-booking|\/review|\/gift-vouchers\/card)\/[A-Za-z0-9_-]+/g, '$1/(hidden)')
    .replace(voucherCode, '(code hidden)');

type Row = typeof outboxMessages.$inferSelect;

const scrubbed = (row: Row) => {
  const scrub = (text: string) => withoutLinks(text, row.template);
  return {
    subject: scrub(row.subject),
    text: scrub(row.text),
    html: row.html === null ? null : scrub(row.html),
    headers: row.headers
      ? Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, scrub(value)]))
      : null,
    whatsappTemplate: row.whatsappTemplate
      ? { ...row.whatsappTemplate, parameters: row.whatsappTemplate.parameters.map(scrub) }
      : null,
  };
};

/**
 * The cron's task: every message past its links' lifetime keeps them no more (a batch at a time;
 * `links_removed_at` marks what is done), and rows older than a year are deleted.
 */
export async function forgetMessageLinks(db: Database, now: Date): Promise<void> {
  const sentBefore = isoBefore(now, LINK_LIFETIME_AFTER_SENT_HOURS, 'hours');
  const writtenBefore = isoBefore(now, LINK_LIFETIME_UNSENT_DAYS, 'days');
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
