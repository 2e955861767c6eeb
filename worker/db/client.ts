import { type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
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
