// Generated and malformed requests against every API route, public ones as anyone and staff ones
// with a live session from the site's own origin: wrong types, missing and extra fields, huge and
// unicode strings, odd numbers, malformed JSON, oversize bodies, odd content types, random path
// parameters and query strings. Never a 5xx; every refusal a JSON 4xx with a message; an oversize
// body a 413; and a refused request writes nothing to the database (but the count and the record
// of a refused sign-in or confirmation, which are what refusing it means).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { closures, coupons } from '../../worker/db/schema';
import { MAX_BODY_BYTES } from '../../worker/middleware/body-limit';
import { clearData, db, origin, seedBooking, seedOrder, signIn } from './admin-harness';
import { adminRoutes, multipartWrites, publicRoutes } from './route-list';

/** Generated requests per route. */
const RUNS = 1000;

/**
 * The D1 binding, watched: every statement that writes (insert, update, delete) and changes a
 * row is counted, whichever API (run, all, raw, batch) executed it.
 */
function watchedDatabase(real: D1Database) {
  let writes = 0;
  // Counting a refused attempt is the point of the tables that count and record them (a wrong
  // password or code takes one of the allowance, and the Activity screen lists it): not a change.
  const recordsRefusals = /\b(login_failures|audit_log|auth_challenges)\b/;
  const isWrite = (query: string) =>
    /^\s*(insert|update|delete|replace)\b/i.test(query) && !recordsRefusals.test(query.slice(0, 80));
  const count = (query: string, result: unknown) => {
    if (!isWrite(query)) return;
    const changes = (result as { meta?: { changes?: number } } | undefined)?.meta?.changes;
    const rows = Array.isArray(result) ? result.length : 0;
    writes += changes ?? rows;
  };
  const real_ = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, query: string): D1PreparedStatement => {
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), query),
      first: async (column?: string) => statement.first(column as string),
      run: async () => {
        const result = await statement.run();
        count(query, result);
        return result;
      },
      all: async () => {
        const result = await statement.all();
        count(query, result);
        return result;
      },
      raw: async (options?: { columnNames?: boolean }) => {
        const result = await statement.raw(options as { columnNames: true });
        count(query, result);
        return result;
      },
    } as unknown as D1PreparedStatement;
    real_.set(wrapped, statement);
    (wrapped as unknown as { query: string }).query = query;
    return wrapped;
  };
  const binding = {
    prepare: (query: string) => wrap(real.prepare(query), query),
    batch: async (statements: D1PreparedStatement[]) => {
      const results = await real.batch(statements.map((statement) => real_.get(statement) ?? statement));
      for (const [index, result] of results.entries()) {
        count((statements[index] as unknown as { query: string }).query, result);
      }
      return results;
    },
    exec: (query: string) => real.exec(query),
    dump: () => real.dump(),
    withSession: () => {
      throw new Error('not used by the app');
    },
  } as unknown as D1Database;
  return {
    binding,
    take: () => {
      const taken = writes;
      writes = 0;
      return taken;
    },
  };
}

const watched = watchedDatabase(env.DB);
const fuzzEnv = { ...env, DB: watched.binding };

async function send(path: string, init: RequestInit): Promise<Response> {
  const context = createExecutionContext();
  const response = await app.request(`${origin}${path}`, init, fuzzEnv, context);
  await waitOnExecutionContext(context);
  return response;
}

// What a field may hold: anything but what it should.
const oddNumber = fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 0.5, Number.MAX_SAFE_INTEGER);
const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '',
    ' ',
    '\u0000',
    '<script>',
    "' or 1=1 --",
    '2026-02-30',
    '25:00',
  ),
  fc.string({ minLength: 2000, maxLength: 6000 }),
);
const oddValue = fc.oneof(
  oddString,
  oddNumber,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 4 }),
);
/** The API's own field names, so generated objects reach the validators' every branch. */
const fieldName = fc.constantFrom(
  'firstName',
  'email',
  'whatsapp',
  'state',
  'code',
  'amount',
  'reference',
  'username',
  'password',
  'serviceStatus',
  'refund',
  'date',
  'time',
  'reason',
  'orderStatus',
  'discount',
  'minAmount',
  'expiryDate',
  'active',
  'subject',
  'text',
  'token',
  'default',
  'byWeekday',
  'paymentDetails',
  'event',
  'data',
  '__proto__',
  'constructor',
);
const oddObject = fc.dictionary(fc.oneof(fieldName, fc.string({ maxLength: 12 })), oddValue, { maxKeys: 8 });

type Body = { kind: 'json' | 'malformed' | 'oversize' | 'none'; text?: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 5, arbitrary: oddObject.map((value) => ({ kind: 'json' as const, text: JSON.stringify(value) })) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => ({ kind: 'json' as const, text: JSON.stringify(value) })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', '{"email":"a@b.c",}', 'null null', '\ufeff{}'))
      .map((text) => ({ kind: 'malformed' as const, text })),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ kind: 'oversize' as const, text: `{"pad":"${'x'.repeat(MAX_BODY_BYTES + 10)}"}` }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);
const queryValue = fc.oneof(oddString.map(String), oddNumber.map(String), fc.constantFrom('booked', '1', '2026-12-01'));
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'status',
      'page',
      'pageSize',
      'date',
      'amount',
      'email',
      'metadata',
      'channel',
      'template',
      'token',
    ),
    fc.string({ maxLength: 10 }),
  ),
  queryValue,
  { maxKeys: 5 },
);
/** Ids of real rows (seeded below), so generated bodies also meet records that exist. */
const realIds: string[] = [];
const pathParameter = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('x'.repeat(43), '2026-12-01', '0', '-1', '..', '%00', 'a/b'),
  fc.nat(20).map((index) => realIds[index % Math.max(1, realIds.length)] ?? 'none'),
);

const fillPath = (path: string, parameters: string[]) => {
  let index = 0;
  return path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(parameters[index++] ?? 'x'));
};

interface Outcome {
  status: number;
  json?: { message?: unknown };
  contentType: string;
  writes: number;
}

async function fuzzRoute(route: string, headers: Record<string, string>) {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  await fc.assert(
    fc.asyncProperty(
      fc.array(pathParameter, { minLength: 2, maxLength: 2 }),
      query,
      body,
      contentType,
      async (parameters, search, payload, type) => {
        const path = `${fillPath(pattern, parameters)}?${new URLSearchParams(search)}`;
        const hasBody = method !== 'GET' && payload.kind !== 'none';
        watched.take();
        const response = await send(path, {
          method,
          headers: { ...headers, ...(type && hasBody ? { 'Content-Type': type } : {}) },
          body: hasBody ? payload.text : undefined,
        });
        const outcome: Outcome = {
          status: response.status,
          contentType: response.headers.get('Content-Type') ?? '',
          writes: watched.take(),
        };
        if (outcome.status >= 400) outcome.json = (await response.json().catch(() => undefined)) as Outcome['json'];
        else await response.arrayBuffer();
        const what = `${method} ${path.slice(0, 120)} ${payload.kind} ${type ?? '-'} → ${outcome.status}`;
        expect(outcome.status, what).toBeLessThan(500);
        if (outcome.status >= 400) {
          expect(outcome.contentType, what).toContain('application/json');
          expect(typeof outcome.json?.message, what).toBe('string');
          expect(outcome.writes, `${what} wrote to the database`).toBe(0);
        }
        // The photo upload takes 10 MB, so 100 KB is no oversize there (uploads.test.ts tests its 413).
        const oversize = payload.kind === 'oversize' && !multipartWrites.has(route);
        if (hasBody && oversize) expect(outcome.status, what).toBe(413);
      },
    ),
    { numRuns: RUNS },
  );
}

beforeAll(async () => {
  await clearData();
  const booking = await seedBooking({ date: '2026-12-20' });
  const order = await seedOrder({ name: 'Fuzz Order' });
  const [coupon] = await db
    .insert(coupons)
    .values({ code: 'FUZZ10', discount: 10, expiryDate: '2099-01-01' })
    .returning();
  realIds.push(booking.id, order.id, coupon?.id ?? '', booking.paymentReference, '2026-12-25');
  await db.insert(closures).values({ date: '2026-12-25', reason: 'Christmas' });
});

describe('the database watch', () => {
  it('counts a write that happened, and none for a read', async () => {
    watched.take();
    const joined = await send('/api/academy-waitlist', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Watch', email: 'watch@example.com', whatsapp: '08031234567', state: 'Lagos' }),
    });
    expect(joined.status).toBe(201);
    expect(watched.take()).toBeGreaterThan(0);
    expect((await send('/api/closures', {})).status).toBe(200);
    expect(watched.take()).toBe(0);
  });
});

describe(`${RUNS} generated requests per route`, () => {
  it.each([...publicRoutes])(
    '%s (public, as anyone)',
    async (route) => {
      await fuzzRoute(route, { Origin: origin });
    },
    120_000,
  );

  let cookie = '';
  beforeAll(async () => {
    cookie = await signIn();
  });
  // Logout would end the session the other routes are fuzzed with; it is fuzzed as public above.
  it.each(adminRoutes.filter((route) => route !== 'POST /api/auth/logout'))(
    '%s (staff, with a live session)',
    async (route) => {
      await fuzzRoute(route, { Origin: origin, Cookie: cookie });
    },
    120_000,
  );
});
