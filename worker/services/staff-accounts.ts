/**
 * The team's accounts as the rest of the Worker sees them: who a session belongs to, and whom an
 * email signs in.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { staffAccounts } from '../db/schema';
import type { StaffRole } from '../shared/permissions';

/** The built-in owner: a new install's way in (ADMIN_USERNAME, ADMIN_PASSWORD_HASH). */
export const BUILT_IN_OWNER_ID = 'owner';

/** A signed-in member of the team, as handlers and the session answer see them. */
export interface StaffMember {
  _id: string;
  name: string;
  email: string | null;
  role: StaffRole;
  therapistId: string | null;
}

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

/** The active account with this email and its password hash (null when there is none to check). */
export async function accountForEmail(db: Database, email: string) {
  const [account] = await db
    .select({ id: staffAccounts.id, passwordHash: staffAccounts.passwordHash })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, email.trim().toLowerCase()), eq(staffAccounts.active, true)));
  return account?.passwordHash ? { id: account.id, passwordHash: account.passwordHash } : null;
}
