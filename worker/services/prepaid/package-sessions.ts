/**
 * A bought package's sessions: its code and what a typed code finds. The sessions a booking's
 * payment takes and gives back run the prepaid ledger (ledger.ts), as a gift voucher's balance does:
 * they are taken in the D1 batch that holds the payment, in statements guarded by what is left (and the table's CHECK
 * keeps it from ever going below 0), so any number of payments racing for the last session take it
 * once. A hold that lapses unpaid gives its sessions back; a visit cancelled in time (with a refund)
 * returns them; a no-show keeps them spent. What comes back never lifts a row past its `sessions`
 * (a membership's month renewed meanwhile may have filled it): the CHECK would fail the batch.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { packagePurchases } from '../../db/schema';
import { addMonths } from '../../shared/time';
import { findAvailable, packageLedger, releaseEndedStatements } from './ledger';
import { newVoucherCode, voucherCodeHash } from './voucher-codes';

export type PackagePurchaseRow = typeof packagePurchases.$inferSelect;

/** A package's code: as a gift voucher's (12 characters without look-alikes, only its SHA-256 kept). */
export const newPackageCode = newVoucherCode;
export const packageCodeHash = voucherCodeHash;

/** The last day a package bought on `boughtOn` (Lagos) may be used. */
export const packageExpiry = (boughtOn: string, validMonths: number) => addMonths(boughtOn, validMonths);

/**
 * The usable purchase a typed code names, with the sessions it has for the caller: those left and
 * those `mine` (payments the caller is about to replace, a retried card) hold. None left is none.
 */
export const findAvailablePackage = (db: Database, typed: string, now: Date, mine?: SQL) =>
  findAvailable(db, packageLedger, packagePurchases, typed, now, mine);

export interface PackageCheck {
  name: string;
  sessionsLeft: number;
  /** Its last valid day (Lagos, yyyy-MM-dd). */
  expiresAt: string;
  treatments: Array<{ _id: string; name: string }>;
}

/** POST /api/packages/check's answer, or undefined for a code that cannot pay (whatever the reason). */
export async function checkPackage(
  db: Database,
  typed: string,
  now: Date,
  mine?: SQL,
): Promise<PackageCheck | undefined> {
  await db.$client.batch(releaseEndedStatements(packageLedger, db, now));
  const purchase = await findAvailablePackage(db, typed, now, mine);
  if (!purchase) return undefined;
  return {
    name: purchase.name,
    sessionsLeft: purchase.available,
    expiresAt: purchase.expiresOn,
    treatments: await coveredTreatments(db, purchase.treatmentIds),
  };
}

/** The menu's treatments among `ids`, as the menu names them now, in its order. */
export async function coveredTreatments(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.all<{ _id: string; name: string }>(
    sql`select id as _id, name from treatments where id in (select value from json_each(${JSON.stringify(ids)}))
      order by position, name`,
  );
}
