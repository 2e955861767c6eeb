/**
 * A booking paid (in part) by a package's sessions: which of its treatments the code's sessions
 * pay, checked against what is left for this visitor, and why a hold on them was refused.
 */
import type { SQL } from 'drizzle-orm';
import type { BookingPrice } from '../../shared/bookings/booking-pricing';
import { type PackageShare, packageShare } from '../../shared/prepaid/package-pricing';
import { packageMessages } from '../../shared/prepaid/package-rules';
import { lagosDate } from '../../shared/time';
import { holdsEnough, packageLedger, releaseEndedStatements, takeStatements } from '../prepaid/ledger';
import { coveredTreatments, findAvailablePackage } from '../prepaid/package-sessions';
import type { PaymentContext } from './context';
import { type Guard, type Refusal, recheckedGuard } from './guards';

/** What a booking's payment takes of a package: so many sessions, worth so much on the menu. */
export interface PackageHold {
  purchaseId: string;
  sessions: number;
  value: number;
  /** The payments whose holds on it pass to this one (replaced ones, this browser's other unpaid ones). */
  takenFrom: SQL;
}

const packageTake = (hold: PackageHold) => ({
  owner: hold.purchaseId,
  size: hold.sessions,
  worth: hold.value,
  from: hold.takenFrom,
});

/**
 * The package's guard: it still has the sessions it pays, counting what the payments it takes over
 * hold (given back in the same batch); refused when a session went elsewhere meanwhile.
 */
export const packageGuard = (context: PaymentContext, hold: PackageHold | null): Guard =>
  recheckedGuard(context, hold ? holdsEnough(packageLedger, packageTake(hold), lagosDate(context.now)) : undefined, {
    ok: false,
    status: 409,
    message: packageMessages.sessionsChanged,
  });

/**
 * The batch's statements, once the payment `reference` is `inserted`: the holds it takes over give
 * their sessions back, ended holds anywhere do too, then it takes its own.
 */
export const packageHoldStatements = (
  context: PaymentContext,
  hold: PackageHold | null,
  reference: string,
  inserted: SQL,
) =>
  hold
    ? takeStatements(packageLedger, context.db, { reference, ...packageTake(hold) }, inserted, context.now)
    : releaseEndedStatements(packageLedger, context.db, context.now);

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
  await context.db.$client.batch(releaseEndedStatements(packageLedger, context.db, context.now));
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
