/**
 * The owner's Team screen: the accounts, inviting a person (their account waits for the password
 * they choose from the emailed link), and changing a person's role or deactivating them. The
 * studio always keeps an active owner with a way in: the last one cannot be demoted or deactivated.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffAccounts, staffPasskeys, staffTokens, therapists } from '../../db/schema';
import type { StaffRole } from '../../shared/permissions';
import { dropChallengesOf } from './auth-challenges';
import { clearSecondFactorFailures } from './login-throttle';
import { BUILT_IN_OWNER_ID } from './staff-accounts';

export const teamAccountMessages = {
  emailTaken: 'Someone on the team already has that email.',
  therapistRequired: 'Please choose which therapist on the schedule this person is.',
  therapistNotFound: 'That therapist is no longer on the schedule.',
  therapistTaken: 'That therapist already has an account.',
  therapistOnlyForTherapists: 'Only a therapist is linked to the schedule.',
  notFound: 'That person is no longer on the team.',
  lastOwner: 'The studio needs at least one active owner. Make someone else an owner first.',
} as const;

export type TeamStatus = 'invited' | 'active' | 'deactivated';

export interface TeamMemberView {
  _id: string;
  name: string;
  email: string | null;
  role: StaffRole;
  active: boolean;
  /** Invited: no password chosen yet. */
  status: TeamStatus;
  therapist: { _id: string; name: string } | null;
  /** The install's own owner (ADMIN_USERNAME): signs in with the username, not an email. */
  builtIn: boolean;
  /** When the person's invitation link stops working (invited people only). */
  invitationExpiresAt: string | null;
  /** Whether they have a passkey or an authenticator app (the owner may reset them). */
  secondFactor: boolean;
  createdAt: string;
}

export async function listTeamAccounts(db: Database): Promise<TeamMemberView[]> {
  const rows = await db
    .select({
      account: staffAccounts,
      therapistName: therapists.name,
      invitationExpiresAt: sql<string | null>`(select max(${staffTokens.expiresAt}) from ${staffTokens}
        where ${staffTokens.accountId} = ${staffAccounts.id} and ${staffTokens.purpose} = 'invitation'
          and ${staffTokens.usedAt} is null)`,
      passkeys: sql<number>`(select count(*) from ${staffPasskeys} where ${staffPasskeys.accountId} = ${staffAccounts.id})`,
    })
    .from(staffAccounts)
    .leftJoin(therapists, eq(therapists.id, staffAccounts.therapistId))
    .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.name));
  return rows.map(({ account, therapistName, invitationExpiresAt, passkeys }) => {
    const builtIn = account.id === BUILT_IN_OWNER_ID;
    const invited = !builtIn && account.passwordHash === null;
    return {
      _id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      active: account.active,
      status: !account.active ? 'deactivated' : invited ? 'invited' : 'active',
      therapist: account.therapistId ? { _id: account.therapistId, name: therapistName ?? '' } : null,
      builtIn,
      invitationExpiresAt: invited ? invitationExpiresAt : null,
      secondFactor: account.totpSecret !== null || Number(passkeys) > 0,
      createdAt: account.createdAt,
    };
  });
}

export const findTeamAccount = async (db: Database, id: string) =>
  (await listTeamAccounts(db)).find((member) => member._id === id);

type Refusal = { ok: false; status: 400 | 404 | 409; message: string };

/** The therapist link a role needs: the therapist's id for a therapist, null otherwise; or why not. */
async function therapistLink(
  db: Database,
  role: StaffRole,
  therapistId: string | undefined,
  accountId: string | undefined,
): Promise<{ ok: true; therapistId: string | null } | Refusal> {
  if (role !== 'therapist') {
    return therapistId
      ? { ok: false, status: 400, message: teamAccountMessages.therapistOnlyForTherapists }
      : { ok: true, therapistId: null };
  }
  if (!therapistId) return { ok: false, status: 400, message: teamAccountMessages.therapistRequired };
  const [therapist] = await db.select({ id: therapists.id }).from(therapists).where(eq(therapists.id, therapistId));
  if (!therapist) return { ok: false, status: 400, message: teamAccountMessages.therapistNotFound };
  const [linked] = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.therapistId, therapistId), accountId ? ne(staffAccounts.id, accountId) : undefined));
  if (linked) return { ok: false, status: 409, message: teamAccountMessages.therapistTaken };
  return { ok: true, therapistId };
}

export interface NewTeamMember {
  name: string;
  email: string;
  role: StaffRole;
  therapistId?: string;
}

/** Adds the person, waiting for their password; the caller sends the invitation. */
export async function addTeamMember(db: Database, input: NewTeamMember): Promise<{ ok: true; id: string } | Refusal> {
  const email = input.email.trim().toLowerCase();
  const link = await therapistLink(db, input.role, input.therapistId, undefined);
  if (!link.ok) return link;
  const [created] = await db
    .insert(staffAccounts)
    .values({ name: input.name, email, role: input.role, therapistId: link.therapistId })
    .onConflictDoNothing({ target: staffAccounts.email })
    .returning({ id: staffAccounts.id });
  if (!created) return { ok: false, status: 409, message: teamAccountMessages.emailTaken };
  return { ok: true, id: created.id };
}

export interface TeamMemberChange {
  role?: StaffRole;
  active?: boolean;
  therapistId?: string;
}

/**
 * A new role or an (in)activation. The last active owner stays one: the check and the change are
 * one conditional UPDATE, so two owners demoting each other at once still leave one. Deactivating
 * ends the person's sessions and links for good: reactivated, they start with none alive.
 */
export async function changeTeamMember(
  db: Database,
  id: string,
  change: TeamMemberChange,
  now: Date,
): Promise<{ ok: true } | Refusal> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
  if (!account) return { ok: false, status: 404, message: teamAccountMessages.notFound };
  const role = change.role ?? account.role;
  const link =
    change.role === undefined && change.therapistId === undefined
      ? ({ ok: true, therapistId: account.therapistId } as const)
      : await therapistLink(
          db,
          role,
          change.therapistId ?? (role === 'therapist' ? (account.therapistId ?? undefined) : undefined),
          id,
        );
  if (!link.ok) return link;
  const active = change.active ?? account.active;
  const staysOwner = role === 'owner' && active;
  const anotherOwner = sql`exists (select 1 from ${staffAccounts} other where other.id <> ${id}
    and other.role = 'owner' and other.active = 1)`;
  const [updated] = await db
    .update(staffAccounts)
    .set({ role, active, therapistId: link.therapistId })
    .where(and(eq(staffAccounts.id, id), staysOwner ? undefined : anotherOwner))
    .returning({ id: staffAccounts.id });
  if (!updated) return { ok: false, status: 409, message: teamAccountMessages.lastOwner };
  if (!active) await endAllAccess(db, id, now);
  return { ok: true };
}

/** Every way into the account ends now: its sessions, its unused emailed links, its sign-in ceremonies. */
async function endAllAccess(db: Database, id: string, now: Date): Promise<void> {
  await db.batch([
    db.update(staffAccounts).set({ sessionsValidAfter: now.toISOString() }).where(eq(staffAccounts.id, id)),
    db.delete(staffTokens).where(and(eq(staffTokens.accountId, id), isNull(staffTokens.usedAt))),
  ]);
  await dropChallengesOf(db, id);
}

/**
 * The owner's "Reset second factor" for a member who lost their phone: the account's passkeys and
 * authenticator app are removed and its sessions end; the member signs in with their password and
 * adds a factor again (an owner or manager on a public site must, before anything else opens).
 */
export async function resetSecondFactors(db: Database, id: string, now: Date): Promise<{ ok: true } | Refusal> {
  const [account] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.id, id));
  if (!account) return { ok: false, status: 404, message: teamAccountMessages.notFound };
  await db.batch([
    db.delete(staffPasskeys).where(eq(staffPasskeys.accountId, id)),
    db
      .update(staffAccounts)
      .set({ totpSecret: null, totpLastStep: null, sessionsValidAfter: now.toISOString() })
      .where(eq(staffAccounts.id, id)),
  ]);
  await Promise.all([dropChallengesOf(db, id), clearSecondFactorFailures(db, id)]);
  return { ok: true };
}
