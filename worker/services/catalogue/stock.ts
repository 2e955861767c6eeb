/**
 * Stock that never oversells. Starting an order's payment holds its units (stock_holds) in the
 * same batch that creates the payment, and only while what is left covers them, so of K buyers for
 * the last N units exactly N get a payment. The units stay held while the payment is pending and
 * its hold lasts; the batch that records the paid order takes them off the shelf once; an expired
 * or abandoned hold stops counting by itself. A cancelled order puts its units back.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, d1Statement } from '../../db/client';

export interface StockLine {
  productId: string;
  size: string;
  quantity: number;
}

/** Units of a size open payments hold at `nowIso`, less those of the payments `excluding` selects. */
export const heldUnits = (productId: SQL | string, size: SQL | string, nowIso: string, excluding?: SQL) => sql`(
  select coalesce(sum(h.quantity), 0) from stock_holds h join payments hp on hp.reference = h.payment_reference
  where h.product_id = ${productId} and h.size = ${size} and hp.status = 'pending' and hp.hold_expires_at > ${nowIso}
    ${excluding ? sql`and h.payment_reference not in (${excluding})` : sql``})`;

/**
 * The lines as rows (product_id, size, quantity) of a table expression: one bound parameter however
 * long the cart (D1 binds at most 100 per statement).
 */
const linesTable = (lines: readonly StockLine[]) => sql`(select json_extract(value, '$.productId') as product_id,
    json_extract(value, '$.size') as size, json_extract(value, '$.quantity') as quantity
  from json_each(${JSON.stringify(lines)}))`;

/** True when every counted line has at least its quantity left (a size that is gone: false). */
export const enoughLeft = (lines: readonly StockLine[], nowIso: string, excluding?: SQL) => sql`not exists (
  select 1 from ${linesTable(lines)} l left join product_sizes s on s.product_id = l.product_id and s.size = l.size
  where s.product_id is null
    or (s.stock is not null and s.stock - ${heldUnits(sql`s.product_id`, sql`s.size`, nowIso, excluding)} < l.quantity))`;

/** Holds the lines' units for `reference` (counted from then on), when `when` holds. */
export const holdStockStatement = (db: Database, reference: string, lines: readonly StockLine[], when: SQL) =>
  d1Statement(
    db,
    sql`insert into stock_holds (payment_reference, product_id, size, quantity)
      select ${reference}, product_id, size, quantity from ${linesTable(lines)} where ${when}`,
  );

/** The quantity of the size `sizes` names among the lines (null when none). */
const quantityOf = (lines: readonly StockLine[], sizes: string) =>
  sql`(select l.quantity from ${linesTable(lines)} l where l.product_id = ${sql.raw(sizes)}.product_id and l.size = ${sql.raw(sizes)}.size)`;

/**
 * Takes a paid order's units off the shelf, when `when` holds (the batch that records the order, so
 * once). A payment that outlived its hold may find fewer left than it bought: the shelf stops at 0
 * (the money is taken; staff see the order). The products' versions move on, so a staff form opened
 * before the sale cannot write back the old count.
 */
export const takeStockStatements = (db: Database, lines: readonly StockLine[], when: SQL) =>
  changeStockStatements(db, lines, when, -1);

/** Puts a cancelled order's units back on the shelf (sizes still counted), when `when` holds. */
export const returnStockStatements = (db: Database, lines: readonly StockLine[], when: SQL) =>
  changeStockStatements(db, lines, when, 1);

function changeStockStatements(db: Database, lines: readonly StockLine[], when: SQL, sign: 1 | -1) {
  return [
    d1Statement(
      db,
      sql`update products set version = version + 1 where ${when} and exists (select 1 from product_sizes s
        where s.product_id = products.id and s.stock is not null and ${quantityOf(lines, 's')} is not null)`,
    ),
    d1Statement(
      db,
      sql`update product_sizes set stock = max(stock + ${sign} * ${quantityOf(lines, 'product_sizes')}, 0)
        where stock is not null and ${when} and ${quantityOf(lines, 'product_sizes')} is not null`,
    ),
  ];
}
