/**
 * A booking paid (in part) by a package's sessions: which of its treatments the code's sessions
 * pay, checked against what is left for this visitor, and why a hold on them was refused.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { BookingPrice } from '../../shared/bookings/booking-pricing';
import { type PackageShare, packageShare } from '../../shared/prepaid/package-pricing';
import { packageMessages } from '../../shared/prepaid/package-rules';
import { lagosDate } from '../../shared/time';
import {
  coveredTreatments,
  findAvailablePackage,
  type PackageHold,
  packageCondition,
  releasePackageHoldsStatements,
} from '../prepaid/package-sessions';
import type { InitializeResult, PaymentContext } from './context';

type Refusal = Extract<InitializeResult, { ok: false }>;

/**
 * What the package `code` pays of the visit's `lines`: one session per covered treatment, the
 * dearest first, as many as are left (with what `takenFrom`, the payments this one replaces, hold).
 * A code that cannot pay, or covers none of the visit, is refused with 409.
 */
export async function bookingPackage(
  context: PaymentContext,
  code: string,
  lines: BookingPrice['lines'],
  takenFrom: SQL,
): Promise<{ ok: true; name: string; share: PackageShare; hold: PackageHold } | Refusal> {
  await context.db.$client.batch(releasePackageHoldsStatements(context.db, context.now));
  const found = await findAvailablePackage(context.db, code, context.now, takenFrom);
  if (!found) return { ok: false, status: 409, message: packageMessages.unusable };
  const names = (await coveredTreatments(context.db, found.treatmentIds)).map((treatment) => treatment.name);
  const share = packageShare(lines, names, found.available);
  if (share.sessions === 0) return { ok: false, status: 409, message: packageMessages.notCovered };
  return {
    ok: true,
    name: found.name,
    share,
    hold: { purchaseId: found.id, sessions: share.sessions, value: share.value, takenFrom },
  };
}

/** Why a booking with a package could not be held, if the package is why (a session used elsewhere meanwhile). */
export async function packageRefusal(context: PaymentContext, hold: PackageHold | null): Promise<Refusal | undefined> {
  if (!hold) return undefined;
  const still = await context.db.get<{ covers: number }>(
    sql`select ${packageCondition(hold, lagosDate(context.now))} as covers`,
  );
  return still?.covers === 1 ? undefined : { ok: false, status: 409, message: packageMessages.sessionsChanged };
}
