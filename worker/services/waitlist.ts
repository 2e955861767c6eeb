import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { waitlistEntries } from '../db/schema';
import { EARLY_BIRD_PLACES, type WaitlistSignup } from '../shared/waitlist';

export type JoinResult = { joined: true; position: number; earlyBird: boolean } | { joined: false };

/**
 * Adds a signup unless its email is already on the list. The insert and the count run in one
 * batch (one transaction in D1), so the position is exact even when signups arrive together.
 */
export async function joinWaitlist(db: Database, signup: WaitlistSignup): Promise<JoinResult> {
  const [inserted, [total]] = await db.batch([
    db.insert(waitlistEntries).values(signup).onConflictDoNothing().returning({ id: waitlistEntries.id }),
    db.select({ value: count() }).from(waitlistEntries),
  ]);
  if (inserted.length === 0) return { joined: false };
  const position = total?.value ?? 0;
  return { joined: true, position, earlyBird: position <= EARLY_BIRD_PLACES };
}

/** A waitlist entry on the admin wire. */
export interface WaitlistView {
  _id: string;
  firstName: string;
  email: string;
  whatsapp: string;
  state: string;
  joinedAt: string;
  unsubscribedAt: string | null;
}

/** The waitlist, newest first, a page at a time (or whole, for the export), with the total. */
export async function listWaitlist(
  db: Database,
  page?: { page: number; pageSize: number },
): Promise<{ waitlist: WaitlistView[]; totalSubscribers: number }> {
  const query = db.select().from(waitlistEntries).orderBy(desc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
  const [rows, [total]] = await Promise.all([
    page ? query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : query,
    db.select({ value: count() }).from(waitlistEntries),
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
    })),
    totalSubscribers: total?.value ?? 0,
  };
}

/** Marks an entry unsubscribed from bulk messages (keeping the first time); false for an unknown entry. */
export async function unsubscribe(db: Database, entryId: string): Promise<boolean> {
  const [entry] = await db
    .update(waitlistEntries)
    .set({ unsubscribedAt: sql`coalesce(${waitlistEntries.unsubscribedAt}, ${new Date().toISOString()})` })
    .where(eq(waitlistEntries.id, entryId))
    .returning({ id: waitlistEntries.id });
  return entry !== undefined;
}

/** A STOP reply on WhatsApp: every waitlist entry with that number (digits as Meta sends them) is unsubscribed. */
export async function unsubscribeWhatsapp(db: Database, digits: string, now: Date): Promise<number> {
  const number = `+${digits.replace(/\D/g, '')}`;
  const rows = await db
    .update(waitlistEntries)
    .set({ unsubscribedAt: sql`coalesce(${waitlistEntries.unsubscribedAt}, ${now.toISOString()})` })
    .where(eq(waitlistEntries.whatsapp, number))
    .returning({ id: waitlistEntries.id });
  return rows.length;
}
