/**
 * Taking and giving back time in time_blocks, the table whose primary key (resource, block) makes
 * a double booking impossible. The statements here go into the same D1 batch (one transaction) as
 * the hold, the booking or the move they belong to: if any block is already held, the insert fails
 * on the key and the whole batch rolls back, so of two writers racing for the same therapist or
 * room exactly one succeeds and the other has written nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';

/** The resource names time_blocks uses for a therapist and a room. */
export const therapistResource = (id: string) => `t:${id}`;
export const roomResource = (id: string) => `r:${id}`;

/**
 * SQL: a time_blocks row counts: it belongs to a booking (no expiry), to an unpaid hold whose
 * payment is still pending and unexpired, or to a waitlist offer still open and unexpired. The
 * payment (or offer) row is the one truth about a hold's life, so a hold released, failed, declined
 * or expired (however it ended) frees its time at once.
 */
export function blockCounts(nowIso: string): SQL {
  return sql`(time_blocks.expires_at is null or exists (
    select 1 from payments where payments.reference = time_blocks.payment_reference
      and payments.status = 'pending' and payments.hold_expires_at > ${nowIso}) or exists (
    select 1 from time_waitlist_offers offers where offers.reference = time_blocks.payment_reference
      and offers.status = 'open' and offers.expires_at > ${nowIso}))`;
}

export interface TimeClaim {
  reference: string;
  therapistId: string;
  roomId: string;
  firstBlock: number;
  blocks: number;
  /** An unpaid hold's expiry (its payment's, which decides); null for a booking. */
  expiresAt: string | null;
}

/**
 * Statements that take the claim's blocks for its therapist and its room, run only when `when`
 * holds (e.g. "the payment row was just inserted"). Rows of holds that ended (blockCounts) are
 * deleted first. A block held by another fails the whole batch.
 */
export function takeTimeStatements(
  db: Database,
  claim: TimeClaim,
  nowIso: string,
  when: SQL,
  /** `skip`: blocks held by others are left to them (a late payment takes what is still free). */
  onHeld: 'fail' | 'skip' = 'fail',
): D1PreparedStatement[] {
  const resources = JSON.stringify([therapistResource(claim.therapistId), roomResource(claim.roomId)]);
  const last = claim.firstBlock + claim.blocks - 1;
  return [
    d1Statement(
      db,
      sql`delete from time_blocks
        where resource in (select value from json_each(${resources}))
          and block between ${claim.firstBlock} and ${last}
          and not ${blockCounts(nowIso)} and ${when}`,
    ),
    d1Statement(
      db,
      sql`with recursive span(block) as (
          select ${claim.firstBlock} union all select block + 1 from span where block < ${last}
        )
        insert ${onHeld === 'skip' ? sql`or ignore ` : sql``}into time_blocks (resource, block, payment_reference, expires_at)
        select resources.value, span.block, ${claim.reference}, ${claim.expiresAt}
        from span, json_each(${resources}) as resources
        where ${when}`,
    ),
  ];
}

/** Gives back every block a payment holds (a cancelled booking, a hold that ended unpaid). */
export function freeTimeStatement(db: Database, reference: string, when: SQL = sql`true`): D1PreparedStatement {
  return d1Statement(db, sql`delete from time_blocks where payment_reference = ${reference} and ${when}`);
}

/** True when a batch failed because a block it tried to take is held (the race was lost). */
export function isTimeTaken(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: time_blocks\./.test(error.message);
}

/** How many times a writer looks again after losing a race for time before saying it is taken. */
export const TAKE_ATTEMPTS = 5;
