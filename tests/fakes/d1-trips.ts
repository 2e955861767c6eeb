// Counts the round trips a request waits for in turn on D1 (issue 51: from Lagos each costs about
// 100 ms, the primary being in Europe). A trip is a statement or a batch; trips in flight together
// (Promise.all) count as one, since the request waits for them once. Optionally adds a delay to
// each, as a far database would. Plain TypeScript: it runs in workerd (the worker tests) and Node.

/** What is counted of D1's binding (its types are the Worker's; this file also runs in Node). */
interface Statement {
  bind(...values: unknown[]): Statement;
}
interface Database {
  prepare(sql: string): Statement;
  batch(statements: Statement[]): Promise<unknown>;
  exec(sql: string): Promise<unknown>;
}

export interface TripCounter<Db> {
  /** The D1 binding to hand the Worker in place of the real one. */
  db: Db;
  /** Sequential trips since the last reset. */
  trips(): number;
  /** Of those, the trips already back (a write started just before an answer is not waited for). */
  finished(): number;
  /** The SQL of each trip's first statement, in order (what to look at when a count is high). */
  log(): string[];
  reset(): void;
}

const RUNS = new Set(['first', 'all', 'run', 'raw']);

export function countTrips<Db extends object>(binding: Db, delayMs = 0): TripCounter<Db> {
  const real = binding as unknown as Database;
  let inFlight = 0;
  let trips = 0;
  let finished = 0;
  let log: string[] = [];
  /** Each counted statement's real one (D1's batch takes only those) and its SQL. */
  const counted = new WeakMap<object, { real: Statement; sql: string }>();

  async function trip<T>(sql: string, run: () => Promise<T>): Promise<T> {
    if (inFlight === 0) {
      trips++;
      log.push(sql.replace(/\s+/g, ' ').slice(0, 120));
    }
    inFlight++;
    try {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return await run();
    } finally {
      inFlight--;
      if (inFlight === 0) finished++;
    }
  }

  function statement(target: Statement, sql: string): Statement {
    const proxy = new Proxy(target, {
      get(object, key) {
        if (key === 'bind') return (...values: unknown[]) => statement(object.bind(...values), sql);
        const value = Reflect.get(object, key, object);
        if (typeof key === 'string' && RUNS.has(key) && typeof value === 'function') {
          return (...args: unknown[]) => trip(sql, () => value.apply(object, args));
        }
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
    counted.set(proxy, { real: target, sql });
    return proxy;
  }

  const db = new Proxy(real, {
    get(object, key) {
      if (key === 'prepare') {
        return (sql: string) => statement(object.prepare(sql), sql);
      }
      if (key === 'batch') {
        return (statements: Statement[]) =>
          trip(`batch of ${statements.length}: ${counted.get(statements[0] ?? {})?.sql ?? '?'}`, () =>
            object.batch(statements.map((each) => counted.get(each)?.real ?? each)),
          );
      }
      if (key === 'exec') return (sql: string) => trip(sql, () => object.exec(sql));
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });

  return {
    db: db as unknown as Db,
    trips: () => trips,
    finished: () => finished,
    log: () => [...log],
    reset() {
      trips = 0;
      finished = 0;
      log = [];
    },
  };
}
