import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { academyWaitlistEntries } from '../../db/schema';
import {
  type AcademyWaitlistSignup,
  CONFIRM_WITHIN_DAYS,
  EARLY_BIRD_PLACES,
} from '../../shared/academy/academy-waitlist';
import { isoBefore } from '../../shared/time';

export type JoinResult =
  | { outcome: 'awaiting-confirmation'; entryId: string; firstName: string; email: string }
  | { outcome: 'already-confirmed' };

const confirmDeadline = (now: Date) => isoBefore(now, CONFIRM_WITHIN_DAYS, 'days');

/**
 * A sign-up waits for its address to be confirmed (double opt-in): it is stored unconfirmed, and
 * only the emailed link makes it count. Signing up again with an address still unconfirmed sends
 * the link again (its entry is kept); one whose week ran out starts afresh; a confirmed address is
 * already on the list.
 */
export async function joinAcademyWaitlist(db: Database, signup: AcademyWaitlistSignup, now: Date): Promise<JoinResult> {
  const sameEmail = sql`lower(${academyWaitlistEntries.email}) = lower(${signup.email})`;
  const [, inserted] = await db.batch([
    db
      .delete(academyWaitlistEntries)
      .where(
        and(
          sameEmail,
          isNull(academyWaitlistEntries.confirmedAt),
          lte(academyWaitlistEntries.joinedAt, confirmDeadline(now)),
        ),
      ),
    db
      .insert(academyWaitlistEntries)
      .values({ ...signup, joinedAt: now.toISOString() })
      .onConflictDoNothing()
      .returning({ id: academyWaitlistEntries.id }),
  ]);
  if (inserted[0]) {
    return {
      outcome: 'awaiting-confirmation',
      entryId: inserted[0].id,
      firstName: signup.firstName,
      email: signup.email,
    };
  }
  const [existing] = await db.select().from(academyWaitlistEntries).where(sameEmail).limit(1);
  if (!existing || existing.confirmedAt) return { outcome: 'already-confirmed' };
  return {
    outcome: 'awaiting-confirmation',
    entryId: existing.id,
    firstName: existing.firstName,
    email: existing.email,
  };
}

export type ConfirmResult =
  | { confirmed: true; firstName: string; email: string; position: number; earlyBird: boolean }
  | { confirmed: false };

/**
 * Confirms an entry from its emailed link (again answers the same), within its week. Its position
 * counts confirmed entries only, in the order they confirmed, so the first 50 are the first 50
 * real addresses.
 */
export async function confirmEntry(db: Database, entryId: string, now: Date): Promise<ConfirmResult> {
  const [entry] = await db
    .update(academyWaitlistEntries)
    .set({ confirmedAt: sql`coalesce(${academyWaitlistEntries.confirmedAt}, ${now.toISOString()})` })
    .where(
      and(
        eq(academyWaitlistEntries.id, entryId),
        or(isNotNull(academyWaitlistEntries.confirmedAt), gt(academyWaitlistEntries.joinedAt, confirmDeadline(now))),
      ),
    )
    .returning();
  if (!entry?.confirmedAt) return { confirmed: false };
  const [ahead] = await db
    .select({ value: count() })
    .from(academyWaitlistEntries)
    .where(
      sql`${academyWaitlistEntries.confirmedAt} < ${entry.confirmedAt} or (${academyWaitlistEntries.confirmedAt} = ${entry.confirmedAt} and ${academyWaitlistEntries.id} <= ${entry.id})`,
    );
  const position = ahead?.value ?? 1;
  return {
    confirmed: true,
    firstName: entry.firstName,
    email: entry.email,
    position,
    earlyBird: position <= EARLY_BIRD_PLACES,
  };
}

/** Sign-ups never confirmed within their week are forgotten (the cron). */
export async function forgetUnconfirmed(db: Database, now: Date): Promise<void> {
  await db
    .delete(academyWaitlistEntries)
    .where(and(isNull(academyWaitlistEntries.confirmedAt), lte(academyWaitlistEntries.joinedAt, confirmDeadline(now))));
}

/** A waitlist entry on the admin wire. */
export interface AcademyWaitlistView {
  _id: string;
  firstName: string;
  email: string;
  whatsapp: string;
  state: string;
  joinedAt: string;
  unsubscribedAt: string | null;
  /** Null while the sign-up awaits the confirmation of its address. */
  confirmedAt: string | null;
  /** Null until the number has written to the studio: no WhatsApp campaign goes to it before. */
  whatsappConfirmedAt: string | null;
}

/**
 * The waitlist, newest first, a page at a time (or whole, for the export), with the total of
 * confirmed subscribers (unconfirmed sign-ups are listed, awaiting confirmation, but not counted)
 * and how many entries are listed in all (to page through).
 */
export async function listAcademyWaitlist(
  db: Database,
  page?: { page: number; pageSize: number },
): Promise<{ waitlist: AcademyWaitlistView[]; totalSubscribers: number; listed: number }> {
  const query = db
    .select()
    .from(academyWaitlistEntries)
    .orderBy(desc(academyWaitlistEntries.joinedAt), asc(academyWaitlistEntries.id));
  const [rows, [total], [listed]] = await Promise.all([
    page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query,
    db.select({ value: count() }).from(academyWaitlistEntries).where(isNotNull(academyWaitlistEntries.confirmedAt)),
    db.select({ value: count() }).from(academyWaitlistEntries),
  ]);
  return {
    waitlist: rows.map((row) => ({
      _id: row.id,
      firstName: row.firstName,
      email: row.email,
      whatsapp: row.whatsapp,
      state: row.state,
      joinedAt: row.joinedAt,
      unsubscribedAt: row.unsubscribedAt,
      confirmedAt: row.confirmedAt,
      whatsappConfirmedAt: row.whatsappConfirmedAt,
    })),
    totalSubscribers: total?.value ?? 0,
    listed: listed?.value ?? 0,
  };
}

/** Marks an entry unsubscribed from bulk messages (keeping the first time); false for an unknown entry. */
export async function unsubscribe(db: Database, entryId: string): Promise<boolean> {
  const [entry] = await db
    .update(academyWaitlistEntries)
    .set({ unsubscribedAt: sql`coalesce(${academyWaitlistEntries.unsubscribedAt}, ${new Date().toISOString()})` })
    .where(eq(academyWaitlistEntries.id, entryId))
    .returning({ id: academyWaitlistEntries.id });
  return entry !== undefined;
}

/**
 * Stamps `field` (keeping the first time) on every waitlist entry with the number a WhatsApp
 * message came from (digits as Meta sends them); how many entries that was.
 */
async function stampWhatsappNumber(
  db: Database,
  digits: string,
  field: 'unsubscribedAt' | 'whatsappConfirmedAt',
  now: Date,
): Promise<number> {
  const rows = await db
    .update(academyWaitlistEntries)
    .set({ [field]: sql`coalesce(${academyWaitlistEntries[field]}, ${now.toISOString()})` })
    .where(eq(academyWaitlistEntries.whatsapp, `+${digits.replace(/\D/g, '')}`))
    .returning({ id: academyWaitlistEntries.id });
  return rows.length;
}

/** A number wrote to the studio (any reply but STOP): it is theirs, and may get WhatsApp campaigns. */
export const confirmWhatsapp = (db: Database, digits: string, now: Date) =>
  stampWhatsappNumber(db, digits, 'whatsappConfirmedAt', now);

/** A STOP reply on WhatsApp: every waitlist entry with that number is unsubscribed. */
export const unsubscribeWhatsapp = (db: Database, digits: string, now: Date) =>
  stampWhatsappNumber(db, digits, 'unsubscribedAt', now);
