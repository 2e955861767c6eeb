/**
 * Passkeys for the team, through SimpleWebAuthn (a maintained WebAuthn library: the attestation
 * and assertion checks are its, not ours). A signed-in person adds one (their phone's fingerprint
 * or face, or a security key) and then signs in with it alone, no password. Each ceremony's
 * challenge lives 5 minutes in D1 and is used once (auth-challenges.ts: one DELETE … RETURNING,
 * so the same answer sent twice at once signs in once); only the credential's public key is kept.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffPasskeys } from '../../db/schema';
import type { StaffMember } from '../../shared/permissions';
import { studioName } from '../../shared/site-paths';
import { fromBase64Url, toBase64Url } from '../signing';
import { putChallenge, takeChallenge } from './auth-challenges';
import { activeStaffMember } from './staff-accounts';

const CHALLENGE_TTL_SECONDS = 300;

/** The library, loaded by the passkey routes alone: its ASN.1 and certificate parsers would otherwise run at every cold start. */
const webAuthn = () => import('@simplewebauthn/server');

export const passkeyMessages = {
  expired: 'That took too long. Please try again.',
  notVerified: 'Your device’s answer could not be checked. Please try again.',
  unknown: 'This passkey is not on any account of the team. Sign in with your password, then add it again.',
  name: 'Please give the passkey a name (at most 60 characters).',
  notFound: 'That passkey is no longer on your account.',
} as const;

/** Where the ceremony happens: the site's own host and origin (from the request). */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

export const relyingPartyOf = (url: string): RelyingParty => {
  const { hostname, origin } = new URL(url);
  return { rpID: hostname, origin };
};

const registerKey = (accountId: string) => `passkey-add:${accountId}`;
const loginKey = (challenge: string) => `passkey-login:${challenge}`;

export async function listPasskeys(db: Database, accountId: string) {
  return db
    .select({
      _id: staffPasskeys.id,
      name: staffPasskeys.name,
      createdAt: staffPasskeys.createdAt,
      lastUsedAt: staffPasskeys.lastUsedAt,
    })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.accountId, accountId))
    .orderBy(desc(staffPasskeys.createdAt));
}

/** The options the browser's navigator.credentials.create() takes, its challenge kept for the answer. */
export async function registrationOptions(db: Database, member: StaffMember, rp: RelyingParty, now: Date) {
  const existing = await db
    .select({ id: staffPasskeys.id, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.accountId, member._id));
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: studioName,
    rpID: rp.rpID,
    userName: member.email ?? member.name,
    userDisplayName: member.name,
    userID: Uint8Array.from(new TextEncoder().encode(member._id)),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await putChallenge(
    db,
    registerKey(member._id),
    { accountId: member._id, payload: { challenge: options.challenge } },
    CHALLENGE_TTL_SECONDS,
    now,
  );
  return options;
}

/** Checks the browser's answer and keeps the passkey; the message when it cannot be kept. */
export async function addPasskey(
  db: Database,
  member: StaffMember,
  rp: RelyingParty,
  answer: { response: RegistrationResponseJSON; name: string },
  now: Date,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const expectedChallenge = (await takeChallenge(db, registerKey(member._id), now))?.payload.challenge;
  if (!expectedChallenge) return { ok: false, message: passkeyMessages.expired };
  const verification = await (await webAuthn())
    .verifyRegistrationResponse({
      response: answer.response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    })
    .catch(() => null);
  if (!verification?.verified) return { ok: false, message: passkeyMessages.notVerified };
  const { credential } = verification.registrationInfo;
  await db
    .insert(staffPasskeys)
    .values({
      id: credential.id,
      accountId: member._id,
      publicKey: toBase64Url(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: answer.name,
    })
    .onConflictDoNothing();
  return { ok: true, id: credential.id };
}

/** Removes the account's passkey `id`: its name, or null when the account has no such passkey. */
export async function removePasskey(db: Database, accountId: string, id: string): Promise<string | null> {
  const [removed] = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.accountId, accountId)))
    .returning({ name: staffPasskeys.name });
  return removed?.name ?? null;
}

/** The options of navigator.credentials.get() for signing in: any passkey of the site (discoverable). */
export async function signInOptions(db: Database, rp: RelyingParty, now: Date) {
  const options = await (await webAuthn()).generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
  });
  await putChallenge(db, loginKey(options.challenge), { payload: {} }, CHALLENGE_TTL_SECONDS, now);
  return options;
}

/** The challenge the browser signed, from its client data (the challenge's own lookup). */
function signedChallenge(response: AuthenticationResponseJSON): string | null {
  try {
    const bytes = fromBase64Url(response.response.clientDataJSON);
    if (!bytes) return null;
    const data = JSON.parse(new TextDecoder().decode(bytes)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * The member a passkey's answer signs in (its challenge issued here, unused, within 5 minutes;
 * the signature checked against the kept public key; the counter moved on), or why not.
 */
export async function signInWithPasskey(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<{ ok: true; member: StaffMember } | { ok: false; message: string }> {
  const challenge = signedChallenge(response);
  if (!challenge || !(await takeChallenge(db, loginKey(challenge), now))) {
    return { ok: false, message: passkeyMessages.expired };
  }
  const [passkey] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, response.id));
  if (!passkey) return { ok: false, message: passkeyMessages.unknown };
  const publicKey = fromBase64Url(passkey.publicKey);
  if (!publicKey) return { ok: false, message: passkeyMessages.notVerified };
  const verification = await (await webAuthn())
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    })
    .catch(() => null);
  if (!verification?.verified) return { ok: false, message: passkeyMessages.notVerified };
  await db
    .update(staffPasskeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now.toISOString() })
    .where(eq(staffPasskeys.id, passkey.id));
  const member = await activeStaffMember(db, passkey.accountId);
  return member ? { ok: true, member } : { ok: false, message: passkeyMessages.unknown };
}
