/**
 * Selling a package: what its payment stores, the purchase recorded once when it is paid (with a
 * new code, sent to the buyer by email and WhatsApp), and what the paying browser is shown.
 */
import { sql } from 'drizzle-orm';
import { changedRow, type Database, d1Statement, rowOfPayment } from '../../db/client';
import { packagePurchases, payments } from '../../db/schema';
import type { PackageFacts } from '../../messages/templates/packages';
import type { DeskPackageSale, PackagePurchase } from '../../shared/prepaid/package-rules';
import { formatVoucherCode } from '../../shared/prepaid/voucher-rules';
import { lagosDate } from '../../shared/time';
import { markPaid, type Payment } from '../payments/payment-rows';
import {
  coveredTreatments,
  newPackageCode,
  type PackagePurchaseRow,
  packageCodeHash,
  packageExpiry,
} from './package-sessions';
import type { StaffPackageView } from './packages';

/** What a package's payment stores: the package as sold then, and its buyer. */
export interface StoredPackagePayment {
  purchase: {
    packageId: string;
    name: string;
    treatmentIds: string[];
    sessions: number;
    price: number;
    validMonths: number;
    buyerName: string;
    buyerEmail: string | null;
    buyerPhone: string | null;
  };
}

export function storedPackagePurchase(
  pkg: StaffPackageView,
  buyer: Pick<PackagePurchase, 'buyerName'> & { buyerEmail?: string | null; buyerPhone?: string | null },
): StoredPackagePayment {
  return {
    purchase: {
      packageId: pkg._id,
      name: pkg.name,
      treatmentIds: pkg.treatments.map((treatment) => treatment._id),
      sessions: pkg.sessions,
      price: pkg.price,
      validMonths: pkg.validMonths,
      buyerName: buyer.buyerName,
      buyerEmail: buyer.buyerEmail || null,
      buyerPhone: buyer.buyerPhone || null,
    },
  };
}

/**
 * Marks the payment paid and creates its purchase, once (its payment reference is unique), valid
 * from today (Lagos). Only the call that created it gets its code back: the one to send.
 */
export async function recordPaidPackage(
  db: Database,
  payment: Payment,
  now: Date,
  options: { soldBy?: string | null } = {},
): Promise<{ purchase: PackagePurchaseRow; code: string } | undefined> {
  const { purchase } = payment.details as StoredPackagePayment;
  const code = newPackageCode();
  const results = await db.$client.batch([
    markPaid(db, payment, now),
    d1Statement(
      db,
      sql`insert into package_purchases (
          id, payment_reference, package_id, name, treatment_ids, sessions, sessions_left, price, buyer_name,
          buyer_email, buyer_phone, code_hash, code_last4, expires_on, sold_by
        )
        select ${crypto.randomUUID()}, ${payment.reference}, ${purchase.packageId}, ${purchase.name},
          ${JSON.stringify(purchase.treatmentIds)}, ${purchase.sessions}, ${purchase.sessions}, ${purchase.price},
          ${purchase.buyerName}, ${purchase.buyerEmail}, ${purchase.buyerPhone}, ${await packageCodeHash(code)},
          ${code.slice(-4)}, ${packageExpiry(lagosDate(now), purchase.validMonths)}, ${options.soldBy ?? null}
        where exists (select 1 from payments where reference = ${payment.reference} and status = 'paid')
        on conflict (payment_reference) do nothing`,
    ),
  ]);
  if (!changedRow(results[1])) return undefined;
  const row = await purchaseOfPayment(db, payment.reference);
  return row ? { purchase: row, code } : undefined;
}

export const purchaseOfPayment = (db: Database, reference: string) => rowOfPayment(db, packagePurchases, reference);

/**
 * A package sold at the desk once its payment was received (cash, transfer, POS): the payment and
 * the purchase (with its code) recorded at once; the code goes to the buyer as for an online sale.
 */
export async function sellPackageAtDesk(
  db: Database,
  pkg: StaffPackageView,
  sale: DeskPackageSale,
  options: { now: Date; soldBy: string },
): Promise<{ purchase: PackagePurchaseRow; code: string } | undefined> {
  const reference = `PD-${lagosDate(options.now).replace(/-/g, '')}-${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const stored = storedPackagePurchase(pkg, sale);
  await db.$client.batch([
    d1Statement(
      db,
      sql`insert into payments (reference, kind, status, amount, subtotal, discount, email, details, method, paid_at)
        values (${reference}, 'package', 'paid', ${pkg.price}, ${pkg.price}, 0, ${sale.buyerEmail ?? ''},
          ${JSON.stringify({ ...stored, takenBy: 'staff' })}, ${sale.payment}, ${options.now.toISOString()})`,
    ),
  ]);
  const [payment] = await db.select().from(payments).where(sql`${payments.reference} = ${reference}`);
  return payment ? recordPaidPackage(db, payment, options.now, { soldBy: options.soldBy }) : undefined;
}

/** What the buyer's messages say of a purchase, with its code grouped for reading. */
export async function packageFacts(db: Database, purchase: PackagePurchaseRow, code: string): Promise<PackageFacts> {
  return {
    reference: purchase.paymentReference,
    name: purchase.name,
    buyerName: purchase.buyerName,
    sessions: purchase.sessions,
    treatments: (await coveredTreatments(db, purchase.treatmentIds)).map((treatment) => treatment.name),
    price: purchase.price,
    expiresOn: purchase.expiresOn,
    code: formatVoucherCode(code),
  };
}

/** What verify answers the paying browser about a paid package: what its confirmation shows (no code: it is sent). */
export interface PackageSummary {
  kind: 'package';
  paid: true;
  reference: string;
  /** The buyer's name: the confirmation thanks them. */
  name: string;
  packageName: string;
  sessions: number;
  price: number;
  expiresOn: string;
  codeLast4: string;
  sentTo: { email: string | null; phone: string | null };
}

export async function packageSummary(db: Database, payment: Payment): Promise<PackageSummary | undefined> {
  return packageSummaryOf(payment, await purchaseOfPayment(db, payment.reference));
}

/** The confirmation page's summary of a package bought, from its purchase's row. */
export function packageSummaryOf(
  payment: Payment,
  purchase: PackagePurchaseRow | undefined,
): PackageSummary | undefined {
  if (!purchase) return undefined;
  return {
    kind: 'package',
    paid: true,
    reference: payment.reference,
    name: purchase.buyerName,
    packageName: purchase.name,
    sessions: purchase.sessions,
    price: purchase.price,
    expiresOn: purchase.expiresOn,
    codeLast4: purchase.codeLast4,
    sentTo: { email: purchase.buyerEmail, phone: purchase.buyerPhone },
  };
}
