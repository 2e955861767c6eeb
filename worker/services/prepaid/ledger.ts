/**
 * The prepaid ledger: what a gift voucher (naira) or a package purchase (sessions; a membership's
 * month of sessions is one too) holds for a payment, one protocol for both. A payment's part of a
 * balance is one row of the ledger's uses that moves `held` → `spent` (its booking or order is
 * recorded) or `released` (the hold ran out, the payment failed or another replaced it), and
 * `spent` → `returned` (cancelled in time). The balance moves in the statement beside the one that
 * moves the row, in the same batch, each guarded by the state it leaves: so it moves once,
 * whichever caller (the cron, a new start, verify and webhook racing) gets there first.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Database, d1Statement } from '../../db/client';
import { normalizeVoucherCode } from '../../shared/prepaid/voucher-rules';
import { lagosDate } from '../../shared/time';
import { VOUCHER_CODE_LENGTH, voucherCodeHash } from './voucher-codes';

export interface Ledger {
  /** The balances' table, its balance column, and the most a balance may come back to (a package's sessions). */
  balances: { table: SQL; name: string; balance: SQL; ceiling?: SQL };
  /** The uses' table, the column naming the balance's row, how much a use takes, and what it paid in naira. */
  uses: { table: SQL; owner: SQL; size: SQL; worth: SQL };
  /** A balance row (the table or its alias `row`) that may pay today. */
  usable: (today: string, row: string) => SQL;
  /** A balance row that may be taken again by a payment completing after its hold was given back. */
  retakable: (today: string, row: string) => SQL;
  /** A balance row whose held part still pays when the payment is recorded (else it goes back); none: any does. */
  holdPays?: (today: string, row: string) => SQL;
}

const activeUntil = (today: string, row: string) =>
  sql`${sql.raw(row)}.status = 'active' and ${sql.raw(row)}.expires_on >= ${today}`;

/** A gift voucher pays while active and within its last day, its hold too. */
export const voucherLedger: Ledger = {
  balances: { table: sql.raw('vouchers'), name: 'vouchers', balance: sql.raw('balance') },
  uses: {
    table: sql.raw('voucher_uses'),
    owner: sql.raw('voucher_id'),
    size: sql.raw('amount'),
    worth: sql.raw('amount'),
  },
  usable: activeUntil,
  retakable: activeUntil,
  holdPays: activeUntil,
};

/**
 * A package purchase pays while active and within its last day; sessions given back never pass the
 * sessions it was bought with; a held session is spent whatever came of the purchase meanwhile,
 * and one given back is taken again while the purchase is active.
 */
export const packageLedger: Ledger = {
  balances: {
    table: sql.raw('package_purchases'),
    name: 'package_purchases',
    balance: sql.raw('sessions_left'),
    ceiling: sql.raw('sessions'),
  },
  uses: {
    table: sql.raw('package_uses'),
    owner: sql.raw('purchase_id'),
    size: sql.raw('sessions'),
    worth: sql.raw('value'),
  },
  usable: activeUntil,
  retakable: (_today, row) => sql`${sql.raw(row)}.status = 'active'`,
};

/**
 * The usable balance row (of the ledger's `table`) a typed code names, with what it has for the
 * caller: its balance and what `mine` (payments the caller is about to replace, a retried card)
 * holds of it. A row with nothing available is none.
 */
export async function findAvailable<T extends SQLiteTable>(
  db: Database,
  ledger: Ledger,
  table: T,
  typed: string,
  now: Date,
  mine?: SQL,
): Promise<(T['$inferSelect'] & { available: number }) | undefined> {
  const code = normalizeVoucherCode(typed);
  if (code.length !== VOUCHER_CODE_LENGTH) return undefined;
  const { balances, uses } = ledger;
  const row = sql.raw(balances.name);
  const held = mine
    ? sql`(select coalesce(sum(${uses.size}), 0) from ${uses.table}
        where ${uses.owner} = ${row}.id and state = 'held' and payment_reference in (${mine}))`
    : sql`0`;
  const [found] = await db
    .select({ row: table as SQLiteTable, available: sql<number>`${row}.${balances.balance} + ${held}` })
    .from(table as SQLiteTable)
    .where(sql`${row}.code_hash = ${await voucherCodeHash(code)} and ${ledger.usable(lagosDate(now), balances.name)}`)
    .limit(1);
  return found && found.available > 0 ? { ...(found.row as T['$inferSelect']), available: found.available } : undefined;
}

/** SET balance = balance + `more`, never past the ceiling. */
const credited = ({ balances }: Ledger, more: SQL) =>
  balances.ceiling
    ? sql`${balances.balance} = min(${balances.ceiling}, ${balances.balance} + ${more})`
    : sql`${balances.balance} = ${balances.balance} + ${more}`;

/** SQL: what the ledger's spent use paid of the payment `reference` (a value or a column), else 0. */
export const paidBy = ({ uses }: Ledger, reference: unknown) =>
  sql<number>`coalesce((select ${uses.worth} from ${uses.table} where payment_reference = ${reference} and state = 'spent'), 0)`;

/**
 * SQL for a payment's insert: `owner` may pay today and holds `size`, counting what the payments it
 * takes over (`from`) hold of it (given back in the same batch). In the insert itself, so of
 * payments racing for the last of a balance one is held.
 */
export function holdsEnough(ledger: Ledger, take: { owner: string; size: number; from: SQL }, today: string) {
  const { balances, uses } = ledger;
  return sql`exists (select 1 from ${balances.table} b where b.id = ${take.owner} and ${ledger.usable(today, 'b')}
    and b.${balances.balance} + (select coalesce(sum(${uses.size}), 0) from ${uses.table}
      where ${uses.owner} = b.id and state = 'held' and payment_reference in (${take.from})) >= ${take.size})`;
}

/** The batch's statements that take `size` off `owner`'s balance for the payment `reference`, once it is `inserted`. */
function holdStatements(
  ledger: Ledger,
  db: Database,
  hold: { reference: string; owner: string; size: number; worth?: number },
  inserted: SQL,
) {
  const { balances, uses } = ledger;
  const worthColumn = hold.worth === undefined ? sql`` : sql`, ${uses.worth}`;
  const worthValue = hold.worth === undefined ? sql`` : sql`, ${hold.worth}`;
  return [
    d1Statement(
      db,
      sql`update ${balances.table} set ${balances.balance} = ${balances.balance} - ${hold.size}
        where id = ${hold.owner} and ${inserted}`,
    ),
    d1Statement(
      db,
      sql`insert into ${uses.table} (payment_reference, ${uses.owner}, ${uses.size}${worthColumn}, state)
        select ${hold.reference}, ${hold.owner}, ${hold.size}${worthValue}, 'held' where ${inserted}`,
    ),
  ];
}

/**
 * A new payment (`reference`, once `inserted`) takes over what the payments `from` hold of `owner`:
 * their holds are released (the part back on the balance) in the batch that then holds the new
 * payment's part. Each use moves from `held` once.
 */
function takeOverStatements(
  ledger: Ledger,
  db: Database,
  takeover: { reference: string; owner: string; from: SQL },
  inserted: SQL,
  now: Date,
) {
  const { uses } = ledger;
  const taken = sql`select payment_reference from ${uses.table} where ${uses.owner} = ${takeover.owner}
    and state = 'held' and payment_reference in (${takeover.from}) and payment_reference != ${takeover.reference}`;
  return releaseStatements(
    ledger,
    db,
    { of: taken, owners: sql`${takeover.owner}`, when: inserted },
    now.toISOString(),
  );
}

/**
 * The held uses of the payments `of` released, in one step with their parts going back on the
 * balances (`owners`: an SQL list of their ids), both only `when` it holds.
 */
function releaseStatements(ledger: Ledger, db: Database, release: { of: SQL; owners: SQL; when: SQL }, nowIso: string) {
  const { balances, uses } = ledger;
  return [
    d1Statement(
      db,
      sql`update ${balances.table} set ${credited(
        ledger,
        sql`(select coalesce(sum(${uses.size}), 0) from ${uses.table}
          where ${uses.owner} = ${sql.raw(balances.name)}.id and payment_reference in (${release.of}))`,
      )}
        where id in (${release.owners}) and ${release.when}`,
    ),
    d1Statement(
      db,
      sql`update ${uses.table} set state = 'released', updated_at = ${nowIso}
        where payment_reference in (${release.of}) and ${release.when}`,
    ),
  ];
}

/**
 * A new payment's part of `owner` (once `inserted`): the holds it takes over (`from`: the payments
 * it replaces) give theirs back, ended holds anywhere do too, then it takes its own.
 */
export function takeStatements(
  ledger: Ledger,
  db: Database,
  take: { reference: string; owner: string; size: number; worth?: number; from: SQL },
  inserted: SQL,
  now: Date,
) {
  return [
    ...takeOverStatements(ledger, db, take, inserted, now),
    ...releaseEndedStatements(ledger, db, now),
    ...holdStatements(ledger, db, take, inserted),
  ];
}

/**
 * Gives back what unpaid payments held: payments that failed, were abandoned or expired, or whose
 * hold has run out. Each use moves from `held` to `released` in the same batch as its part goes
 * back, so it is given back once, whichever call (the cron, a new start, a check) gets there first.
 */
export function releaseEndedStatements(ledger: Ledger, db: Database, now: Date) {
  const { uses } = ledger;
  const nowIso = now.toISOString();
  const ended = sql`select u.payment_reference from ${uses.table} u join payments p on p.reference = u.payment_reference
    where u.state = 'held' and (p.status in ('failed', 'abandoned', 'expired')
      or (p.status = 'pending' and p.hold_expires_at <= ${nowIso}))`;
  const owners = sql`select ${uses.owner} from ${uses.table} where payment_reference in (${ended})`;
  return releaseStatements(ledger, db, { of: ended, owners, when: sql`1` }, nowIso);
}

/**
 * For the batch that records a paid payment, while `notRecorded` holds (its booking or order is not
 * in yet): its use is spent. A payment that completed after its hold had been given back takes it
 * again if the balance may be taken again and still holds it (never below 0); if not, the use stays
 * released and the part is left to pay. A held part on a balance that no longer pays (a voucher
 * voided or expired meanwhile) goes back, and that part is left to pay. Only the call that records
 * the payment decides: a later one (verify and webhook racing) never takes a part already left to pay.
 */
export function spendStatements(ledger: Ledger, db: Database, reference: string, nowIso: string, notRecorded: SQL) {
  const { balances, uses } = ledger;
  const today = lagosDate(new Date(nowIso));
  const part = (state: 'held' | 'released') =>
    sql`(select ${uses.size} from ${uses.table} where payment_reference = ${reference} and state = ${state})`;
  const ownerOf = (state: 'held' | 'released') =>
    sql`(select ${uses.owner} from ${uses.table} where payment_reference = ${reference} and state = ${state})`;
  const heldPays = ledger.holdPays
    ? sql`exists (select 1 from ${balances.table} b where b.id = ${ownerOf('held')} and ${ledger.holdPays(today, 'b')})`
    : sql`1`;
  return [
    d1Statement(
      db,
      sql`update ${balances.table} set ${balances.balance} = ${balances.balance} - ${part('released')}
        where id = ${ownerOf('released')} and ${ledger.retakable(today, balances.name)}
          and ${balances.balance} >= ${part('released')} and ${notRecorded}`,
    ),
    d1Statement(
      db,
      sql`update ${uses.table} set state = 'spent', updated_at = ${nowIso}
        where payment_reference = ${reference} and ${notRecorded}
          and ((state = 'held' and ${heldPays})
            or (state = 'released' and changes() = 1))`,
    ),
    d1Statement(
      db,
      sql`update ${balances.table} set ${credited(ledger, part('held'))} where id = ${ownerOf('held')} and ${notRecorded}`,
    ),
    d1Statement(
      db,
      sql`update ${uses.table} set state = 'released', updated_at = ${nowIso}
        where payment_reference = ${reference} and state = 'held' and ${notRecorded}`,
    ),
  ];
}

/**
 * For the batch that cancels a booking or order in time (`cancelled`: it was cancelled in this
 * batch): what its use paid goes back to the balance, once.
 */
export function giveBackStatements(ledger: Ledger, db: Database, reference: string, cancelled: SQL, nowIso: string) {
  const { balances, uses } = ledger;
  const spent = sql`select ${uses.owner} as owner, ${uses.size} as size from ${uses.table}
    where payment_reference = ${reference} and state = 'spent'`;
  return [
    d1Statement(
      db,
      sql`update ${balances.table} set ${credited(ledger, sql`(select size from (${spent}))`)}
        where id = (select owner from (${spent})) and ${cancelled}`,
    ),
    d1Statement(
      db,
      sql`update ${uses.table} set state = 'returned', updated_at = ${nowIso}
        where payment_reference = ${reference} and state = 'spent' and ${cancelled}`,
    ),
  ];
}
