/**
 * A bought package's sessions: its code, what a typed code finds, and the sessions a booking's
 * payment takes and gives back. As a gift voucher's balance (vouchers.ts): the sessions are taken in
 * the D1 batch that holds the payment, in statements guarded by what is left (and the table's CHECK
 * keeps it from ever going below 0), so any number of payments racing for the last session take it
 * once. A hold that lapses unpaid gives its sessions back; a visit cancelled in time (with a refund)
 * returns them; a no-show keeps them spent. What comes back never lifts a row past its `sessions`
 * (a membership's month renewed meanwhile may have filled it): the CHECK would fail the batch.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';
import { packagePurchases } from '../../db/schema';
import { normalizeVoucherCode } from '../../shared/prepaid/voucher-rules';
import { addMonths, lagosDate } from '../../shared/time';
import { newVoucherCode, VOUCHER_CODE_LENGTH, voucherCodeHash } from './voucher-codes';

export type PackagePurchaseRow = typeof packagePurchases.$inferSelect;

/** A package's code: as a gift voucher's (12 characters without look-alikes, only its SHA-256 kept). */
export const newPackageCode = newVoucherCode;
export const packageCodeHash = voucherCodeHash;

/** The last day a package bought on `boughtOn` (Lagos) may be used. */
export const packageExpiry = (boughtOn: string, validMonths: number) => addMonths(boughtOn, validMonths);

/** A purchase that may pay today: active and not past its last day. */
const usable = (today: string, alias = 'package_purchases') =>
  sql`${sql.raw(alias)}.status = 'active' and ${sql.raw(alias)}.expires_on >= ${today}`;

/**
 * The usable purchase a typed code names, with the sessions it has for the caller: those left and
 * those `mine` (payments the caller is about to replace, a retried card) hold. None left is none.
 */
export async function findAvailablePackage(
  db: Database,
  typed: string,
  now: Date,
  mine?: SQL,
): Promise<(PackagePurchaseRow & { available: number }) | undefined> {
  const code = normalizeVoucherCode(typed);
  if (code.length !== VOUCHER_CODE_LENGTH) return undefined;
  const held = mine
    ? sql`(select coalesce(sum(sessions), 0) from package_uses
        where purchase_id = package_purchases.id and state = 'held' and payment_reference in (${mine}))`
    : sql`0`;
  const [row] = await db
    .select({ purchase: packagePurchases, held: sql<number>`${held}` })
    .from(packagePurchases)
    .where(sql`${packagePurchases.codeHash} = ${await packageCodeHash(code)} and ${usable(lagosDate(now))}`)
    .limit(1);
  if (!row) return undefined;
  const available = row.purchase.sessionsLeft + row.held;
  return available > 0 ? { ...row.purchase, available } : undefined;
}

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
  await db.$client.batch(releasePackageHoldsStatements(db, now));
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

/** What a booking's payment takes of a package: so many sessions, worth so much on the menu. */
export interface PackageHold {
  purchaseId: string;
  sessions: number;
  value: number;
  /** The payments whose holds on it pass to this one (replaced ones, this browser's other unpaid ones). */
  takenFrom: SQL;
}

/**
 * SQL for the payment's insert: the package still has the sessions it pays, counting what the
 * payments it takes over hold (given back in the same batch).
 */
export const packageCondition = (hold: PackageHold | null, today: string) =>
  hold
    ? sql`exists (select 1 from package_purchases pp where pp.id = ${hold.purchaseId} and ${usable(today, 'pp')}
        and pp.sessions_left + (select coalesce(sum(sessions), 0) from package_uses
          where purchase_id = pp.id and state = 'held' and payment_reference in (${hold.takenFrom})) >= ${hold.sessions})`
    : sql`1`;

/**
 * The batch's statements, once the payment `reference` is `inserted`: the holds it takes over give
 * their sessions back, ended holds anywhere do too, then it takes its own.
 */
export function packageHoldStatements(
  db: Database,
  hold: PackageHold | null,
  reference: string,
  inserted: SQL,
  now: Date,
) {
  if (!hold) return releasePackageHoldsStatements(db, now);
  const nowIso = now.toISOString();
  const taken = sql`select payment_reference from package_uses where purchase_id = ${hold.purchaseId}
    and state = 'held' and payment_reference in (${hold.takenFrom}) and payment_reference != ${reference}`;
  return [
    d1Statement(
      db,
      sql`update package_purchases set sessions_left = min(sessions, sessions_left + (select coalesce(sum(sessions), 0)
          from package_uses where payment_reference in (${taken})))
        where id = ${hold.purchaseId} and ${inserted}`,
    ),
    d1Statement(
      db,
      sql`update package_uses set state = 'released', updated_at = ${nowIso}
        where payment_reference in (${taken}) and ${inserted}`,
    ),
    ...releasePackageHoldsStatements(db, now),
    d1Statement(
      db,
      sql`update package_purchases set sessions_left = sessions_left - ${hold.sessions}
        where id = ${hold.purchaseId} and ${inserted}`,
    ),
    d1Statement(
      db,
      sql`insert into package_uses (payment_reference, purchase_id, sessions, value, state)
        select ${reference}, ${hold.purchaseId}, ${hold.sessions}, ${hold.value}, 'held' where ${inserted}`,
    ),
  ];
}

/**
 * Gives back the sessions unpaid payments held: those that failed, were abandoned or expired, or
 * whose hold ran out. Each use moves from `held` to `released` in the batch its sessions go back
 * in, so they come back once, whichever call gets there first.
 */
export function releasePackageHoldsStatements(db: Database, now: Date) {
  const nowIso = now.toISOString();
  const ended = sql`select u.payment_reference from package_uses u join payments p on p.reference = u.payment_reference
    where u.state = 'held' and (p.status in ('failed', 'abandoned', 'expired')
      or (p.status = 'pending' and p.hold_expires_at <= ${nowIso}))`;
  return [
    d1Statement(
      db,
      sql`update package_purchases set sessions_left = min(sessions, sessions_left + (select coalesce(sum(sessions), 0)
          from package_uses where purchase_id = package_purchases.id and payment_reference in (${ended})))
        where id in (select purchase_id from package_uses where payment_reference in (${ended}))`,
    ),
    d1Statement(
      db,
      sql`update package_uses set state = 'released', updated_at = ${nowIso} where payment_reference in (${ended})`,
    ),
  ];
}

/**
 * For the batch that records a paid booking, while `notRecorded` holds: its held sessions are
 * spent. A payment that completed after its hold had given them back takes them again if the
 * package still has them; if not, the use stays released and the booking leaves those treatments
 * to pay at the studio (records.ts).
 */
export function spendPackageStatements(db: Database, reference: string, nowIso: string, notRecorded: SQL) {
  const released = sql`(select sessions from package_uses where payment_reference = ${reference} and state = 'released')`;
  const ofPurchase = sql`(select purchase_id from package_uses where payment_reference = ${reference})`;
  return [
    d1Statement(
      db,
      sql`update package_purchases set sessions_left = sessions_left - ${released}
        where id = ${ofPurchase} and status = 'active' and sessions_left >= ${released} and ${notRecorded}`,
    ),
    d1Statement(
      db,
      sql`update package_uses set state = 'spent', updated_at = ${nowIso}
        where payment_reference = ${reference} and ${notRecorded}
          and (state = 'held' or (state = 'released' and changes() = 1))`,
    ),
  ];
}

/** For the batch that cancels a booking in time (`cancelled`: it was cancelled in this batch): its sessions go back, once. */
export function returnPackageStatements(db: Database, reference: string, cancelled: SQL, nowIso: string) {
  const spent = sql`select purchase_id, sessions from package_uses where payment_reference = ${reference} and state = 'spent'`;
  return [
    d1Statement(
      db,
      sql`update package_purchases set sessions_left = min(sessions, sessions_left + (select sessions from (${spent})))
        where id = (select purchase_id from (${spent})) and ${cancelled}`,
    ),
    d1Statement(
      db,
      sql`update package_uses set state = 'returned', updated_at = ${nowIso}
        where payment_reference = ${reference} and state = 'spent' and ${cancelled}`,
    ),
  ];
}

/** SQL: what a package's sessions paid of the booking payment `reference` (menu value), else 0. */
export const packagePaidSql = (reference: unknown) =>
  sql<number>`coalesce((select value from package_uses where payment_reference = ${reference} and state = 'spent'), 0)`;
