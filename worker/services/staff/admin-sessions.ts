/**
 * Staff sessions in KV. The cookie holds a random 256-bit id; KV holds only its SHA-256, so a
 * leaked KV listing gives no usable cookie. Each entry names the account it signed in and lives 8
 * hours (KV's own time to live, and an expiry inside the value that is checked too). KV is
 * eventually consistent: a logout is immediate where it happened and reaches other Cloudflare
 * locations within about a minute; a deactivated account, and sessions a person ended everywhere
 * (a password change or reset, "sign out of all devices"), are refused at once everywhere, since
 * every staff request checks the account in D1 too (middleware/staff-access.ts). The entry keeps
 * the member as signed in, so that check can travel with the route's own first trip to D1.
 */
import type { StaffMember } from '../../shared/permissions';
import { randomToken, sha256Hex } from '../signing';

export const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** How long a sign-in or a confirmation (password or code) lets the person change their second factors. */
export const CONFIRMATION_SECONDS = 5 * 60;

interface StoredSession {
  /** The staff account (staff_accounts.id); sessions from before accounts have none and are over. */
  accountId?: string;
  createdAt: string;
  expiresAt: string;
  /** When the person last proved it was them (signing in, or their password or a code since). */
  confirmedAt?: string;
  /** The member as signed in (sessions from before have none): checked against D1 on each request. */
  member?: StaffMember;
}

/** The KV key a session id is stored under: its hash, never the id itself. */
export const sessionKey = async (id: string) => `session:${await sha256Hex(id)}`;

/** Starts a session of `member` and returns the id for the cookie; a new id every time. */
export async function createSession(kv: KVNamespace, member: StaffMember, now: Date): Promise<string> {
  const id = randomToken();
  const session: StoredSession = {
    accountId: member._id,
    member,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    confirmedAt: now.toISOString(),
  };
  await kv.put(await sessionKey(id), JSON.stringify(session), { expirationTtl: SESSION_TTL_SECONDS });
  return id;
}

/** Whose a live session is and when it started (the account may have ended it since: staff-accounts.ts). */
export interface LiveSession {
  accountId: string;
  startedAt: string;
  confirmedAt: string;
  /** The member as signed in, when the session keeps one. */
  member?: StaffMember;
}

const storedSession = async (kv: KVNamespace, id: string | undefined, now: Date) => {
  if (!id || id.length > 100) return null;
  const session = await kv.get<StoredSession>(await sessionKey(id), 'json');
  if (session === null || !session.accountId || Date.parse(session.expiresAt) <= now.getTime()) return null;
  return session as StoredSession & { accountId: string };
};

/** The session `id` names, while it has not expired or been ended. */
export async function liveSession(kv: KVNamespace, id: string | undefined, now: Date): Promise<LiveSession | null> {
  const session = await storedSession(kv, id, now);
  if (!session) return null;
  return {
    accountId: session.accountId,
    startedAt: session.createdAt,
    confirmedAt: session.confirmedAt ?? session.createdAt,
    ...(session.member?._id === session.accountId ? { member: session.member } : {}),
  };
}

/** Whether the session's person proved it was them within the last 5 minutes. */
export const recentlyConfirmed = (session: LiveSession, now: Date) =>
  now.getTime() - Date.parse(session.confirmedAt) < CONFIRMATION_SECONDS * 1000;

/** The person just proved it was them again (their password or a code): the session says so. */
export async function confirmSession(kv: KVNamespace, id: string | undefined, now: Date): Promise<void> {
  const session = await storedSession(kv, id, now);
  if (!session || !id) return;
  const ttl = Math.max(60, Math.floor((Date.parse(session.expiresAt) - now.getTime()) / 1000));
  await kv.put(await sessionKey(id), JSON.stringify({ ...session, confirmedAt: now.toISOString() }), {
    expirationTtl: ttl,
  });
}

/** The member as the session keeps them, read afresh (a role or the therapist changed since the sign-in). */
export async function keepMember(kv: KVNamespace, id: string | undefined, member: StaffMember, now: Date) {
  const session = await storedSession(kv, id, now);
  if (!session || !id || session.accountId !== member._id) return;
  const ttl = Math.max(60, Math.floor((Date.parse(session.expiresAt) - now.getTime()) / 1000));
  await kv.put(await sessionKey(id), JSON.stringify({ ...session, member }), { expirationTtl: ttl });
}

export async function endSession(kv: KVNamespace, id: string | undefined): Promise<void> {
  if (!id || id.length > 100) return;
  await kv.delete(await sessionKey(id));
}
