/**
 * "Is it really you?": before a signed-in person adds, replaces or removes a second factor, they
 * prove it again within 5 minutes of doing so (signing in counts), with their password or a code
 * from their authenticator app, so a session left open on a shared computer cannot swap the
 * account's factors. Each proof is counted like a sign-in's (the same atomic counters).
 */
import type { Database } from '../../db/client';
import type { Bindings } from '../../env';
import type { StaffMember } from '../../shared/permissions';
import { clearSecondFactorFailures, takeSecondFactorAttempt } from './login-throttle';
import { acceptTotpCode, secondFactorMessages } from './second-factor';
import { checkCurrentPassword } from './staff-passwords';

export const confirmationMessages = {
  required:
    'Please confirm it is you first: enter your password, or a code from your authenticator app, then try again.',
  nothing: 'Please enter your password or a code from your authenticator app.',
  wrongPassword: 'Your password is not right.',
  locked: 'Too many failed attempts. Please wait a few minutes and try again.',
} as const;

export type ConfirmationResult =
  | { ok: true }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

type Env = Pick<Bindings, 'ADMIN_PASSWORD_HASH' | 'ADMIN_PASSWORD_PEPPER'>;

export async function confirmIdentity(
  env: Env,
  db: Database,
  member: StaffMember,
  proof: { password?: string; code?: string; network: string; now: Date },
): Promise<ConfirmationResult> {
  if (proof.password) {
    const checked = await checkCurrentPassword(env, db, member, { ...proof, password: proof.password });
    if (checked.ok) return { ok: true };
    return checked.locked
      ? { ok: false, status: 429, message: confirmationMessages.locked, retryAfterSeconds: checked.retryAfterSeconds }
      : { ok: false, status: 400, message: confirmationMessages.wrongPassword };
  }
  if (proof.code) {
    const counted = await takeSecondFactorAttempt(db, member._id, proof.now);
    if (!counted.allowed) {
      return {
        ok: false,
        status: 429,
        message: secondFactorMessages.accountLocked,
        retryAfterSeconds: counted.retryAfterSeconds,
      };
    }
    if (!(await acceptTotpCode(db, env.ADMIN_PASSWORD_PEPPER, member._id, proof.code, proof.now))) {
      return { ok: false, status: 400, message: secondFactorMessages.wrongCode };
    }
    await clearSecondFactorFailures(db, member._id);
    return { ok: true };
  }
  return { ok: false, status: 400, message: confirmationMessages.nothing };
}
