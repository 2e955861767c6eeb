/**
 * The one-time links of the team's emails: an invitation to choose a first password (72 hours) and
 * a password reset (1 hour). The link holds a random 256-bit token; D1 keeps only its SHA-256. A
 * new link of the same purpose replaces the person's earlier one. Using a link sets the password,
 * marks the link used and ends the person's other sessions in one D1 batch whose every statement
 * re-checks the link (unused, unexpired, for an active person), so two tabs racing, a link used
 * twice, an altered or expired one, or one for a person deactivated since change nothing.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts, type staffTokenPurposes, staffTokens } from '../../db/schema';
import { randomToken, sha256Hex } from '../signing';

export type StaffTokenPurpose = (typeof staffTokenPurposes)[number];

export const TOKEN_LIFETIME_HOURS: Record<StaffTokenPurpose, number> = { invitation: 72, 'password-reset': 1 };

/** A token's shape: 43 base64url characters (32 bytes). Anything else is refused unread. */
const isStaffToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A new link token for the account (its earlier unused one of this purpose stops working). */
export async function issueStaffToken(
  db: Database,
  accountId: string,
  purpose: StaffTokenPurpose,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_HOURS[purpose] * 3_600_000).toISOString();
  await db.batch([
    db
      .delete(staffTokens)
      .where(and(eq(staffTokens.accountId, accountId), eq(staffTokens.purpose, purpose), isNull(staffTokens.usedAt))),
    db.insert(staffTokens).values({ tokenHash: await sha256Hex(token), accountId, purpose, expiresAt }),
  ]);
  return { token, expiresAt };
}

/** The account and email a live link of `purpose` is for (null: altered, used, expired, or the person deactivated). */
export async function staffTokenAccount(db: Database, token: string, purpose: StaffTokenPurpose, now: Date) {
  if (!isStaffToken(token)) return null;
  const [row] = await db
    .select({ accountId: staffAccounts.id, email: staffAccounts.email })
    .from(staffTokens)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffTokens.accountId))
    .where(
      and(
        eq(staffTokens.tokenHash, await sha256Hex(token)),
        eq(staffTokens.purpose, purpose),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now.toISOString()),
        eq(staffAccounts.active, true),
      ),
    );
  return row ?? null;
}

/**
 * Uses the link: sets `passwordHash`, ends every session of the person started before `now`, and
 * marks the link used, all or nothing. The account id, or null when the link no longer works.
 */
export async function redeemStaffToken(
  db: Database,
  token: string,
  purpose: StaffTokenPurpose,
  passwordHash: string,
  now: Date,
): Promise<string | null> {
  if (!isStaffToken(token)) return null;
  const hash = await sha256Hex(token);
  const at = now.toISOString();
  const linkWorks = sql`${staffTokens.tokenHash} = ${hash} and ${staffTokens.purpose} = ${purpose}
    and ${staffTokens.usedAt} is null and ${staffTokens.expiresAt} > ${at}
    and exists (select 1 from ${staffAccounts} where ${staffAccounts.id} = ${staffTokens.accountId} and ${staffAccounts.active} = 1)`;
  const [, used] = await db.batch([
    db
      .update(staffAccounts)
      .set({ passwordHash, sessionsValidAfter: at })
      .where(sql`${staffAccounts.id} = (select ${staffTokens.accountId} from ${staffTokens} where ${linkWorks})`),
    db.update(staffTokens).set({ usedAt: at }).where(linkWorks).returning({ accountId: staffTokens.accountId }),
  ]);
  return used[0]?.accountId ?? null;
}
