/**
 * The team's accounts as the rest of the Worker sees them: who a session belongs to, and whom an
 * email signs in.
 */
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { REFUSED } from '../../db/first-trip-check';
import { staffAccounts } from '../../db/schema';
import type { StaffMember } from '../../shared/permissions';
import type { LiveSession } from './admin-sessions';

/** The built-in owner: a new install's way in (ADMIN_USERNAME, ADMIN_PASSWORD_HASH). */
export const BUILT_IN_OWNER_ID = 'owner';

/** A signed-in member of the team, as handlers and the session answer see them. */

const memberColumns = {
  _id: staffAccounts.id,
  name: staffAccounts.name,
  email: staffAccounts.email,
  role: staffAccounts.role,
  therapistId: staffAccounts.therapistId,
};

/** The active account `id`, or null (unknown or deactivated). */
export async function activeStaffMember(db: Database, id: string): Promise<StaffMember | null> {
  const [member] = await db
    .select(memberColumns)
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, id), eq(staffAccounts.active, true)));
  return member ?? null;
}

/** The member a live session signs in: active, and the session not ended by "everywhere" since. */
export async function sessionMember(db: Database, session: LiveSession | null): Promise<StaffMember | null> {
  if (!session) return null;
  const [member] = await db
    .select(memberColumns)
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.id, session.accountId),
        eq(staffAccounts.active, true),
        or(isNull(staffAccounts.sessionsValidAfter), lte(staffAccounts.sessionsValidAfter, session.startedAt)),
      ),
    );
  return member ?? null;
}

/**
 * SQL that fails (json() of a word that is not JSON) unless the session's member still holds as
 * the session keeps them: active, the same role and therapist, the session not ended everywhere
 * since, and with `secondFactor` one set up. Sent with a request's first trip (db/first-trip-check.ts).
 */
export function memberCheck(session: LiveSession & { member: StaffMember }, secondFactor: boolean): SQL {
  const { member } = session;
  const factor = secondFactor
    ? sql` and (totp_secret is not null
        or exists (select 1 from staff_passkeys p where p.account_id = staff_accounts.id))`
    : sql``;
  return sql`select json(case when exists (select 1 from staff_accounts
      where id = ${member._id} and active = 1 and role = ${member.role} and therapist_id is ${member.therapistId}
        and (sessions_valid_after is null or sessions_valid_after <= ${session.startedAt})${factor})
    then '1' else ${REFUSED} end) as live`;
}

/** An account's id and name, active or not (what an audit entry names). */
export async function accountName(db: Database, id: string): Promise<{ _id: string; name: string }> {
  const [row] = await db
    .select({ _id: staffAccounts.id, name: staffAccounts.name })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, id));
  return row ?? { _id: id, name: '' };
}

/** The active account with this email and its password hash (null when there is none to check). */
export async function accountForEmail(db: Database, email: string) {
  const [account] = await db
    .select({ id: staffAccounts.id, passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, email.trim().toLowerCase()), eq(staffAccounts.active, true)));
  return account?.passwordHash ? { id: account.id, passwordHash: account.passwordHash } : null;
}

/**
 * The hash a member's password is checked against: their own; for the built-in owner, the
 * install's ADMIN_PASSWORD_HASH until they choose a password of their own. Null: none yet.
 */
export async function passwordHashOf(db: Database, accountId: string, installHash: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(eq(staffAccounts.id, accountId));
  if (row?.passwordHash) return row.passwordHash;
  // A deleted ADMIN_PASSWORD_HASH (a retired built-in owner) is no password at all.
  return accountId === BUILT_IN_OWNER_ID && installHash ? installHash : null;
}
