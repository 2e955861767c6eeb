/**
 * A D1 binding whose first trip carries a check (the staff member's session, checked against their
 * account), so that a request waits for one round trip to the database in Europe, not two. The
 * check is a statement that fails unless it holds (`json()` of a word that is not JSON): sent first
 * in the request's first batch, a refusal aborts the batch (a batch is one transaction, so nothing
 * of it is written); beside a first read, it runs alongside. Every statement's result waits for the
 * check, and a write that is not in a batch runs only once the check has passed: nothing the
 * request reads reaches it, and nothing it writes lands, unless the check holds.
 */

/** The word the check's statement turns into JSON when it does not hold (its error names it). */
export const REFUSED = 'refused';

export interface CheckedBinding {
  /** The binding to hand the request in place of the real one. */
  db: D1Database;
  /** Whether the check ran and did not hold (the request's answer must then be a refusal). */
  refused(): boolean;
  /** Runs the check if no trip has carried it yet, and waits for its outcome. */
  settled(): Promise<void>;
}

/** The check did not hold: what a statement of the request throws then. */
export class CheckRefused extends Error {
  constructor() {
    super('The request’s check against the database did not hold');
  }
}

// D1 words its errors for a malformed JSON text this way (SQLite's own message).
const isRefusal = (error: unknown) => error instanceof Error && /malformed JSON/i.test(error.message);
const RUNS = new Set(['first', 'all', 'run', 'raw']);
/** Only a plain SELECT reads without writing (a WITH may lead to a write, so it waits). */
const isRead = (sql: string) => /^\s*select\b/i.test(sql);

/** `real` with `check()` (a statement that fails unless it holds) sent along with the first trip. */
export function firstTripChecked(real: D1Database, check: () => D1PreparedStatement): CheckedBinding {
  let outcome: Promise<void> | undefined;
  let refused = false;
  const reals = new WeakMap<object, D1PreparedStatement>();

  /** Settles the check from the trip that carried it: a refusal marks the request and fails it. */
  const settle = <T>(trip: Promise<T>) => {
    outcome = trip.then(
      () => undefined,
      (error) => {
        if (!isRefusal(error)) return; // Another statement failed: the check, run first, held.
        refused = true;
        throw new CheckRefused();
      },
    );
    outcome.catch(() => undefined); // Answered by whoever awaits it.
    return outcome;
  };
  const checked = () => outcome ?? settle(check().first());

  function statement(target: D1PreparedStatement, sql: string): D1PreparedStatement {
    const proxy = new Proxy(target, {
      get(object, key) {
        if (key === 'bind') return (...values: unknown[]) => statement(object.bind(...values), sql);
        const value = Reflect.get(object, key, object);
        if (typeof key !== 'string' || !RUNS.has(key) || typeof value !== 'function') {
          return typeof value === 'function' ? value.bind(object) : value;
        }
        return async (...args: unknown[]) => {
          // A read runs beside the check (the first one carries it); its result waits for it.
          if (isRead(sql)) {
            const [, result] = await Promise.all([checked(), value.apply(object, args)]);
            return result;
          }
          await checked();
          return value.apply(object, args);
        };
      },
    });
    reals.set(proxy, target);
    return proxy;
  }

  const db = new Proxy(real, {
    get(object, key) {
      if (key === 'prepare') return (sql: string) => statement(object.prepare(sql), sql);
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const own = statements.map((each) => reals.get(each) ?? each);
          if (outcome !== undefined) {
            await outcome;
            return object.batch(own);
          }
          const trip = object.batch([check(), ...own]);
          await settle(trip);
          const [, ...results] = await trip;
          return results;
        };
      }
      if (key === 'exec') {
        return async (sql: string) => {
          await checked();
          return object.exec(sql);
        };
      }
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
  return { db, refused: () => refused, settled: () => checked().catch(() => undefined) };
}
