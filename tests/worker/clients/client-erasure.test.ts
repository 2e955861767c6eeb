// Erasing a client reaches every record that holds a person, the newer ones too: package
// purchases, memberships and their Paystack events, package and membership payments, sign-in
// codes and sessions. Which tables hold a person is read from the schema itself (a column named
// for an email, a phone, a name, a contact or a client), so a table added later fails here until
// it is seeded and erased. The owner's copy of the client's data holds the same records, and no
// secret (a code, a token, a digest).
import { env } from 'cloudflare:workers';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../../worker/db/schema';
import { ERASED_NAME } from '../../../worker/services/client-files/clients';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { signIn as staffSignIn } from '../admin-harness';
import { paidBooking } from '../checkout/paid-booking';
import { inDays, insertPaidBooking } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, fake, origin, staffCall, withFakePaystack } from '../checkout/payment-harness';
import { definePlan, deliver, joinAndPay } from '../prepaid/membership-fixtures';
import { buyPackage, definePackage } from '../prepaid/package-fixtures';

withFakePaystack();

let staff: string;
beforeAll(async () => {
  staff = await staffSignIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.$client.batch(
    [
      'delete from account_codes',
      'delete from account_sessions',
      'delete from account_code_tries',
      'delete from clients',
      'delete from waitlist_entries',
      "delete from login_failures where key like 'username:%example.com'",
      "delete from audit_log where action = 'erasure-test'",
    ].map((statement) => db.$client.prepare(statement)),
  );
});

/** The person: booked as Ada Obi; joined the membership as Funke Akin with another phone. */
const person = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '0803 123 4567',
  memberName: 'Funke Akin',
  memberPhone: '0803 222 3333',
};
const traces = [
  person.name,
  person.email,
  person.phone,
  '8031234567',
  person.memberName,
  person.memberPhone,
  '8032223333',
  // What the booking form said about them.
  'Lower back is tight',
  'High Blood pressure',
  'Knee twinges',
];

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  });

/** The digits of the newest sign-in code sent to `to`. */
async function accountCode(to: string) {
  const rows = await db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.template, 'account-code'));
  return /\b(\d{6})\b/.exec(rows.filter((row) => row.recipient === to).at(-1)?.text ?? '')?.[1] ?? '';
}

const account = (cookie: string) => call('/api/account', { headers: { Cookie: cookie } });

/** What the seeding left for the assertions: the client, the signed-in browser, the codes bought. */
interface Seeded {
  clientId: string;
  cookie: string;
  packageCode: string;
  packageReference: string;
  membershipReference: string;
}

/**
 * How each table that holds a person gets this person in it, in order (a step may fill several).
 * The schema test below holds this list to the schema: a new table with such a column needs a step.
 */
const seeding: Array<{ tables: string[]; seed: (seeded: Partial<Seeded>) => Promise<void> }> = [
  {
    // A paid visit through the checkout: the client record, the payment, the confirmations.
    tables: ['bookings', 'payments', 'clients', 'outbox_messages'],
    seed: async (seeded) => {
      await paidBooking('10:00', inDays(3));
      const [client] = await db
        .select()
        .from(schema.clients)
        .where(eq(schema.clients.key, `email:${person.email}`));
      seeded.clientId = client?.id ?? '';
    },
  },
  {
    tables: ['orders'],
    seed: async () => {
      await db.insert(schema.payments).values({
        reference: 'OR-ERASE-1',
        kind: 'order',
        status: 'paid',
        amount: 32_000,
        subtotal: 32_000,
        email: person.email,
        details: {},
        paidAt: new Date().toISOString(),
      });
      const [client] = await db
        .select()
        .from(schema.clients)
        .where(eq(schema.clients.key, `email:${person.email}`));
      await db.insert(schema.orders).values({
        paymentReference: 'OR-ERASE-1',
        name: person.name,
        email: person.email,
        phone: person.phone,
        shippingAddress: '12 Admiralty Way, Lekki',
        amount: 32_000,
        clientId: client?.id,
      });
    },
  },
  {
    // A past visit with the therapist's note, and the review it was asked for.
    tables: ['visit_notes', 'review_requests', 'reviews'],
    seed: async () => {
      const [client] = await db
        .select()
        .from(schema.clients)
        .where(eq(schema.clients.key, `email:${person.email}`));
      await insertPaidBooking(db, {
        reference: 'BK-ERASE-PAST',
        date: addDays(lagosDate(new Date()), -5),
        time: '12:00',
        serviceStatus: 'completed',
        therapistId: 'therapist-1',
        clientId: client?.id,
        phone: person.phone,
      });
      const [past] = await db
        .select()
        .from(schema.bookings)
        .where(eq(schema.bookings.paymentReference, 'BK-ERASE-PAST'));
      await db.insert(schema.visitNotes).values({ bookingId: past?.id ?? '', text: 'Knee twinges', writtenBy: 'Bisi' });
      const [request] = await db
        .insert(schema.reviewRequests)
        .values({ tokenHash: 'erase-visit', kind: 'visit', bookingId: past?.id, subject: 'Swedish', name: person.name })
        .returning();
      await db
        .insert(schema.reviews)
        .values({ requestId: request?.id, kind: 'visit', author: 'Ada O.', rating: 5, comment: 'Knee twinges gone' });
    },
  },
  {
    // A package bought online: its purchase, its payment and the code's message.
    tables: ['package_purchases'],
    seed: async (seeded) => {
      const bought = await buyPackage(await definePackage(staff), {
        buyerName: person.name,
        buyerEmail: person.email,
        buyerPhone: person.phone,
      });
      seeded.packageCode = bought.code;
      seeded.packageReference = bought.reference;
    },
  },
  {
    // A membership joined with the same email (another name and phone), its first month, its
    // subscription and a renewal as Paystack sends them.
    tables: ['memberships', 'membership_events'],
    seed: async (seeded) => {
      const plan = await definePlan(staff);
      const { charge, created, subscription, reference } = await joinAndPay(plan, person.email);
      for (const event of [charge, created, await fake.subscriptions.renewal(subscription, 'T-ERASE-2')]) {
        expect(await deliver(event)).toBe(200);
      }
      seeded.membershipReference = reference;
    },
  },
  {
    // Signed in on their page by email; a code asked for the membership's WhatsApp number too.
    tables: ['account_codes', 'account_sessions', 'account_code_tries'],
    seed: async (seeded) => {
      expect((await post('/api/account/code', { contact: person.email })).status).toBe(202);
      const signed = await post('/api/account/sign-in', {
        contact: person.email,
        code: await accountCode(person.email),
      });
      expect(signed.status).toBe(200);
      seeded.cookie = (signed.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
      expect((await post('/api/account/code', { contact: person.memberPhone })).status).toBe(202);
      expect(await accountCode(person.memberPhone)).toMatch(/^\d{6}$/);
      // A wrong code typed for the phone: a counted try.
      const wrong = await post('/api/account/sign-in', { contact: person.memberPhone, code: '000000' });
      expect(wrong.status).toBe(400);
    },
  },
  {
    // A gift voucher they bought, and one sent to their phone.
    tables: ['vouchers'],
    seed: async () => {
      for (const [reference, email] of [
        ['GV-ERASE-BOUGHT', person.email],
        ['GV-ERASE-GIFT', 'friend@example.com'],
      ] as const) {
        await db.insert(schema.payments).values({
          reference,
          kind: 'voucher',
          status: 'paid',
          amount: 20_000,
          subtotal: 20_000,
          email,
          details: {},
        });
      }
      const voucher = { codeLast4: 'ABCD', amount: 20_000, balance: 20_000, deliverOn: lagosDate(new Date()) };
      await db.insert(schema.vouchers).values([
        {
          ...voucher,
          paymentReference: 'GV-ERASE-BOUGHT',
          codeHash: 'hash-erase-1',
          cardTokenHash: 'card-erase-1',
          buyerName: person.name,
          buyerEmail: person.email,
          recipientName: 'A Friend',
          recipientEmail: 'friend@example.com',
          expiresOn: addDays(lagosDate(new Date()), 365),
        },
        {
          ...voucher,
          paymentReference: 'GV-ERASE-GIFT',
          codeHash: 'hash-erase-2',
          cardTokenHash: 'card-erase-2',
          buyerName: 'A Friend',
          buyerEmail: 'friend@example.com',
          recipientName: person.memberName,
          recipientPhone: person.memberPhone,
          expiresOn: addDays(lagosDate(new Date()), 365),
        },
      ]);
    },
  },
  {
    tables: ['waitlist_entries', 'time_waitlist_entries'],
    seed: async () => {
      await db
        .insert(schema.academyWaitlistEntries)
        .values({ firstName: person.name, email: person.email, whatsapp: person.phone, state: 'Lagos' });
      const date = addDays(lagosDate(new Date()), 6);
      await db.insert(schema.timeWaitlistEntries).values({
        name: person.memberName,
        phone: person.memberPhone,
        phoneKey: '2348032223333',
        treatmentIds: ['swedish'],
        dates: [date],
        lastDate: date,
        dayPart: 'any',
      });
    },
  },
  {
    // Someone tried the staff sign-in with their email; staff wrote their address in a record's details.
    tables: ['login_failures', 'audit_log'],
    seed: async () => {
      await db
        .insert(schema.loginFailures)
        .values({ key: `username:${person.email}`, failures: 1, windowStartedAt: new Date().toISOString() });
      await db
        .insert(schema.auditLog)
        .values({ actorName: 'Bisi', action: 'erasure-test', details: { contact: person.memberPhone } });
    },
  },
];

/**
 * The tables the schema says hold a person: a column named for an email, a phone, a name, a
 * contact, a client, an author, or free text or JSON about them.
 */
const personColumn = /email|phone|whatsapp|(^|_)name$|recipient|contact|client_id|author|payload|details|^key$|^text$/;
/** Tables whose names and addresses are the studio's own, never a client's. */
const notClients = new Set([
  'therapists',
  'rooms',
  'treatments',
  'products',
  'packages',
  'membership_plans',
  'staff_accounts',
  'staff_passkeys',
  // A staff passkey sign-in's challenge (its key and payload are the ceremony's).
  'auth_challenges',
  // A message staff wrote to everyone on a list (its text names no one).
  'campaigns',
]);
/** Columns that match the pattern but name staff or the catalogue, in tables that hold no client. */
const notClientColumns = new Set([
  // Who moved a booking: a member of staff.
  'booking_events.staff_name',
  // The product as sold.
  'order_items.product_name',
]);

function tablesHoldingAPerson(): string[] {
  const tables: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, SQLiteTable)) continue;
    const { name, columns } = getTableConfig(value);
    if (notClients.has(name)) continue;
    const held = columns.filter(
      (column) => personColumn.test(column.name) && !notClientColumns.has(`${name}.${column.name}`),
    );
    if (held.length > 0) tables.push(name);
  }
  return tables.sort();
}

async function seedPerson(): Promise<Seeded> {
  const seeded: Partial<Seeded> = {};
  for (const step of seeding) await step.seed(seeded);
  return seeded as Seeded;
}

/** Every table, read whole, as JSON. */
async function everyTable() {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'
      and name <> 'd1_migrations'`,
  );
  return Promise.all(
    tables.map(async ({ name }) => ({ name, rows: JSON.stringify(await db.all(sql.raw(`select * from "${name}"`))) })),
  );
}

/** This month's money in and what clients still hold unspent, as the Reports screen reads them. */
async function money() {
  const { revenue, liability } = (await (await staffCall(staff, '/api/reports')).json()) as {
    revenue: unknown;
    liability: { at: string };
  };
  // `at` is the moment asked about: now.
  return { revenue, liability: { ...liability, at: undefined } };
}

describe('the tables that hold a person', () => {
  it('are each seeded by the erasure test: a table added with such a column fails here until it is', () => {
    const seeded = seeding.flatMap((step) => step.tables).sort();
    expect(new Set(seeded).size, 'a table seeded twice').toBe(seeded.length);
    expect(seeded).toEqual(tablesHoldingAPerson());
  });
});

describe('erasing a client with packages, a membership and a signed-in page', () => {
  it('leaves no trace in any table, sends their address no code, ends their session, and keeps the money', async () => {
    const seeded = await seedPerson();
    const before = await everyTable();
    for (const table of tablesHoldingAPerson()) {
      const rows = before.find((each) => each.name === table)?.rows ?? '';
      expect(
        traces.some((trace) => rows.includes(trace)),
        `${table} was seeded with the person`,
      ).toBe(true);
    }
    expect((await account(seeded.cookie)).status).toBe(200);
    const figures = await money();
    const paid = await db.get<{ total: number }>(sql`select sum(amount) as total from payments`);

    expect((await staffCall(staff, `/api/clients/${seeded.clientId}`, 'DELETE')).status).toBe(200);

    for (const { name, rows } of await everyTable()) {
      for (const trace of traces) expect(rows, `${name} holds ${trace}`).not.toContain(trace);
    }
    const { keys } = await env.SESSIONS.list();
    for (const { name: key } of keys) {
      const value = (await env.SESSIONS.get(key)) ?? '';
      for (const trace of traces) expect(`${key} ${value}`).not.toContain(trace);
    }
    // Their page is closed to them: the old session answers 401, and neither address gets a code.
    expect((await account(seeded.cookie)).status).toBe(401);
    for (const contact of [person.email, person.memberPhone, person.phone]) {
      expect((await post('/api/account/code', { contact })).status).toBe(202);
    }
    expect(
      await db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.template, 'account-code')),
    ).toEqual([]);
    // The money still adds up: what came in, and what the package still owes.
    expect(await money()).toEqual(figures);
    expect(await db.get<{ total: number }>(sql`select sum(amount) as total from payments`)).toEqual(paid);
    const [purchase] = await db
      .select()
      .from(schema.packagePurchases)
      .where(eq(schema.packagePurchases.paymentReference, seeded.packageReference));
    expect(purchase).toMatchObject({ buyerName: ERASED_NAME, buyerEmail: null, sessionsLeft: 3, price: 60_000 });
    const [membership] = await db.select().from(schema.memberships);
    // Its Paystack customer code goes too: a later renewal matches no membership.
    expect(membership).toMatchObject({
      name: ERASED_NAME,
      email: '',
      phone: null,
      customerCode: null,
      months: 2,
      status: 'active',
    });
  });
});

describe('the owner’s copy of a client’s data', () => {
  it('holds their packages, membership, its events, their payments and sign-ins, and no secret', async () => {
    const seeded = await seedPerson();
    const response = await staffCall(staff, `/api/clients/${seeded.clientId}/export`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as Record<string, Array<Record<string, unknown>>>;
    expect(data.packages).toEqual([
      expect.objectContaining({
        name: 'Three Swedish',
        sessions: 3,
        sessionsLeft: 3,
        price: 60_000,
        status: 'active',
        last4: seeded.packageCode.slice(-4),
      }),
    ]);
    expect(data.memberships).toEqual([
      expect.objectContaining({
        plan: 'Monthly calm',
        status: 'active',
        months: 2,
        sessionsLeft: 4,
        paystackCustomer: expect.stringMatching(/^CUS_/),
      }),
    ]);
    expect(data.membershipEvents?.map((event) => event.event).sort()).toEqual([
      'charge.success',
      'subscription.create',
    ]);
    expect(data.membershipEvents?.[0]).toEqual({
      event: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(data.payments?.map((payment) => payment.reference).sort()).toEqual(
      [seeded.packageReference, seeded.membershipReference].sort(),
    );
    expect(data.payments?.[0]).toMatchObject({ amount: expect.any(Number), paidAt: expect.any(String) });
    expect(data.signIns?.map((signIn) => signIn.channel).sort()).toEqual(['email', 'whatsapp']);
    expect(data.signIns?.find((signIn) => signIn.channel === 'email')?.usedAt).toEqual(expect.any(String));
    expect(data.wrongCodes).toEqual([{ triedAt: expect.any(String) }]);
    expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String) }]);
    // No secret: not the package's code, nor any stored digest or token.
    const secrets = await db.all<{ secret: string }>(sql`
      select code_hash as secret from package_purchases union all select code_digest from account_codes
      union all select token_hash from account_sessions
      union all select email_token from memberships where email_token is not null
      union all select subscription_code from memberships where subscription_code is not null`);
    expect(secrets.length).toBeGreaterThan(5);
    for (const secret of [seeded.packageCode, ...secrets.map((row) => row.secret)]) expect(text).not.toContain(secret);
    const page = await (await staffCall(staff, `/api/clients/${seeded.clientId}/export?format=html`)).text();
    for (const words of ['Packages', 'Three Swedish', 'Memberships', 'Monthly calm', 'Sign-ins', 'charge.success']) {
      expect(page).toContain(words);
    }
    for (const secret of [seeded.packageCode, ...secrets.map((row) => row.secret)]) expect(page).not.toContain(secret);
  });
});
