import { count, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from './schema';

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof createDb>;

const dialect = new SQLiteAsyncDialect();

/**
 * A drizzle `sql` template as a D1 statement, for `d1.batch`: drizzle's own batch does not take
 * raw statements, and a batch is D1's only transaction.
 */
export function d1Statement(db: Database, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return db.$client.prepare(sql).bind(...params);
}

/**
 * Whether a write changed a row. D1's `meta.changes` counts the rows its triggers change too (the
 * schedule's version, migration 0032), so a one-row update of a booking's time can report 2:
 * compare with none, never with one.
 */
export const changedRow = (result: { meta: { changes?: number } } | undefined): boolean =>
  (result?.meta.changes ?? 0) > 0;

/**
 * The `column = value` assignments of an UPDATE for the fields `change` gives, by `columns`
 * (field to column name, the code's own, never the caller's input); booleans as 0 or 1.
 */
export function setClauses<K extends string>(
  change: Partial<Record<NoInfer<K>, unknown>>,
  columns: Record<K, string>,
): SQL[] {
  return (Object.entries(columns) as Array<[K, string]>)
    .filter(([key]) => change[key] !== undefined)
    .map(
      ([key, column]) =>
        sql`${sql.raw(column)} = ${typeof change[key] === 'boolean' ? Number(change[key]) : change[key]}`,
    );
}

/** A page of a table's rows matching `where`, in `order`, beside the count of them all: one batch, one round trip. */
export async function pageOf<T extends SQLiteTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: { page: number; pageSize: number },
): Promise<{ rows: Array<T['$inferSelect']>; total: number }> {
  const from = table as SQLiteTable;
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(from)
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ value: count() }).from(from).where(where),
  ]);
  return { rows: rows as Array<T['$inferSelect']>, total: total?.value ?? 0 };
}

/** The query of the row of `table` (a sale: a voucher, a package, a membership) that the payment `reference` paid for, for a batch. */
export const rowOfPaymentQuery = <T extends SQLiteTable & { paymentReference: SQLiteColumn }>(
  db: Database,
  table: T,
  reference: string,
) =>
  db
    .select()
    .from(table as SQLiteTable)
    .where(sql`${table.paymentReference} = ${reference}`)
    .limit(1);

/** The row of `table` (a sale: a voucher, a package, a membership) that the payment `reference` paid for. */
export async function rowOfPayment<T extends SQLiteTable & { paymentReference: SQLiteColumn }>(
  db: Database,
  table: T,
  reference: string,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await rowOfPaymentQuery(db, table, reference);
  return row as T['$inferSelect'] | undefined;
}
