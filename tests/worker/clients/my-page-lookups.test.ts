// The client's page reads the studio's records only through stored, indexed address keys (email
// key, phone key; migration 0044): its statements are shown to SQLite's planner and none may scan
// a table of records, whether the address is known or not, so an anonymous code request costs the
// same small lookup for anyone. And a visit's manage link goes only to the address its
// confirmation (the email carrying the link) went to.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { outboxMessages } from '../../../worker/db/schema';
import { accountReceipt, accountView } from '../../../worker/services/client-files/my-page';
import { identityOfKey, identityOfToken, requestSignInCode } from '../../../worker/services/clients/my-page-sign-in';
import { sha256Hex } from '../../../worker/services/signing';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { insertPaidBooking } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, origin, withFakePaystack } from '../checkout/payment-harness';

withFakePaystack();

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.$client.exec('delete from account_codes; delete from account_code_tries; delete from account_sessions;');
});

interface Recorded {
  query: string;
  params: unknown[];
}

/** A database whose every statement is kept, with its values, to be shown to the planner. */
function recordingDb() {
  const statements: Recorded[] = [];
  const d1 = env.DB;
  const recording = new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare')
        return (query: string) => {
          const entry: Recorded = { query, params: [] };
          statements.push(entry);
          const prepared = target.prepare(query);
          return new Proxy(prepared, {
            get(statement, name) {
              if (name === 'bind')
                return (...params: unknown[]) => {
                  entry.params = params;
                  return statement.bind(...params);
                };
              const value = Reflect.get(statement, name);
              return typeof value === 'function' ? value.bind(statement) : value;
            },
          });
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: createDb(recording), statements };
}

/**
 * The planner's steps that read a table of records row by row, or every paid payment (by status)
 * to find a person's among them.
 */
async function scans(statements: Recorded[]) {
  const records =
    /^(SCAN (bookings|b|orders|clients|package_purchases|w|memberships|m|vouchers|payments|p)\b|SEARCH (payments|p) USING INDEX payments_status_created)/;
  const found: string[] = [];
  for (const { query, params } of statements) {
    const plan = await env.DB.prepare(`explain query plan ${query}`)
      .bind(...params)
      .all<{ detail: string }>();
    for (const step of plan.results) if (records.test(step.detail)) found.push(`${step.detail} in: ${query}`);
  }
  return found;
}

const soon = () => addDays(lagosDate(new Date()), 3);

describe('the client page reads indexed address keys', () => {
  it('asks for a code, known or unknown, by the same statements and no scan of the records', async () => {
    await insertPaidBooking(db, { reference: 'BK-KNOWN', date: soon(), time: '10:00' });
    const known = recordingDb();
    const unknown = recordingDb();
    const options = { now: new Date(), secret: env.LINK_SECRET, networkKey: 'network-1' };
    await requestSignInCode(known.db, 'ada@example.com', options);
    await requestSignInCode(unknown.db, 'stranger@example.com', options);
    expect(unknown.statements.map((each) => each.query)).toEqual(known.statements.map((each) => each.query));
    expect(await scans(known.statements)).toEqual([]);
    const byPhone = recordingDb();
    await requestSignInCode(byPhone.db, '0803 123 4567', options);
    expect(await scans(byPhone.statements)).toEqual([]);
  });

  it('reads the signed-in page and a receipt, by email and by phone, with no scan of the records', async () => {
    await insertPaidBooking(db, { reference: 'BK-VIEW', date: soon(), time: '10:00' });
    await db.$client.exec(`update payments set paid_at = '2026-01-01T10:00:00.000Z' where reference = 'BK-VIEW'`);
    const now = new Date();
    for (const [key, token] of [
      ['email:ada@example.com', 'e.email-session'],
      ['phone:2348031234567', 'p.phone-session'],
    ] as const) {
      await db.$client
        .prepare('insert into account_sessions (token_hash, contact, expires_at) values (?, ?, ?)')
        .bind(await sha256Hex(token), key, addDays(lagosDate(now), 30))
        .run();
      const bySession = await identityOfToken(token, now);
      for (const who of [identityOfKey(key), bySession]) {
        if (!who) throw new Error(`no identity for ${token}`);
        const recorded = recordingDb();
        const view = await accountView(recorded.db, who, { now, linkSecret: env.MANAGE_LINK_SECRET });
        expect(view?.upcoming).toHaveLength(1);
        expect(await accountReceipt(recorded.db, who, 'BK-VIEW')).toMatchObject({ reference: 'BK-VIEW' });
        expect(await scans(recorded.statements)).toEqual([]);
      }
    }
  });

  it('reads nothing for a token whose session has ended, or that names the other kind of address', async () => {
    await insertPaidBooking(db, { reference: 'BK-VIEW', date: soon(), time: '10:00' });
    const now = new Date();
    const hours = (count: number) => new Date(now.getTime() + count * 3_600_000).toISOString();
    const sessions = [
      ['e.ended', 'email:ada@example.com', hours(-1)],
      ['p.not-a-phone', 'email:ada@example.com', hours(1)],
    ];
    for (const [token, key, expires] of sessions) {
      await db.$client
        .prepare('insert into account_sessions (token_hash, contact, expires_at) values (?, ?, ?)')
        .bind(await sha256Hex(token as string), key, expires)
        .run();
      const who = await identityOfToken(token as string, now);
      if (!who) throw new Error(`no identity for ${token}`);
      expect(await accountView(db, who, { now, linkSecret: env.MANAGE_LINK_SECRET })).toBeUndefined();
      expect(await accountReceipt(db, who, 'BK-VIEW')).toBe('signed-out');
    }
    expect(await identityOfToken('old-token-with-no-kind', now)).toBeUndefined();
  });
});

describe('the manage link', () => {
  const post = (path: string, body: unknown) =>
    call(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    });

  async function upcomingFor(contact: string) {
    expect((await post('/api/account/code', { contact })).status).toBe(202);
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code'));
    const code = /\b(\d{6})\b/.exec(sent.filter((row) => row.recipient === contact).at(-1)?.text ?? '')?.[1];
    const signed = await post('/api/account/sign-in', { contact, code });
    expect(signed.status).toBe(200);
    const cookie = (signed.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
    const view = (await (await call('/api/account', { headers: { Cookie: cookie } })).json()) as {
      upcoming: Array<{ reference: string; manageUrl: string | null }>;
    };
    return Object.fromEntries(view.upcoming.map((visit) => [visit.reference, visit.manageUrl]));
  }

  it('goes only to the address the confirmation went to: the email, or the phone of a booking with none', async () => {
    await insertPaidBooking(db, { reference: 'BK-EMAILED', date: soon(), time: '10:00', phone: '+2348031234567' });
    await insertPaidBooking(db, {
      reference: 'BK-NO-EMAIL',
      date: soon(),
      time: '12:00',
      email: '',
      phone: '08031234567',
    });
    const byEmail = await upcomingFor('ada@example.com');
    expect(byEmail['BK-EMAILED']).toMatch(/^\/manage-booking\//);
    expect(Object.keys(byEmail)).not.toContain('BK-NO-EMAIL');
    const byPhone = await upcomingFor('+234 803 123 4567');
    // The phone sees both visits, but the emailed one's link went to the email, not to this phone.
    expect(byPhone['BK-EMAILED']).toBeNull();
    expect(byPhone['BK-NO-EMAIL']).toMatch(/^\/manage-booking\//);
  });
});
