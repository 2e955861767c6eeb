import { count } from 'drizzle-orm';
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
