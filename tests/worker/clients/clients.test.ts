// Clients: one record per person (by email, else by phone), found as staff type, with visits,
// orders and what they spent; health answers only for those who care for them; the owner's copy
// of everything held on the person, and their erasure, after which no table, message or KV entry
// holds their name, email or phone, while the money records still add up. Health answers are
// erased a set time after the visit.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  academyWaitlistEntries,
  auditLog,
  bookings,
  clients,
  outboxMessages,
  payments,
  reviewRequests,
  reviews,
  staffAccounts,
  vouchers,
} from '../../../worker/db/schema';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { ERASED_NAME } from '../../../worker/services/client-files/clients';
import { eraseOldHealthAnswers } from '../../../worker/services/day/health-retention';
import { hashPassword } from '../../../worker/services/staff/password';
import { addDays, addMonths, lagosDate } from '../../../worker/shared/time';
import { adminCall, clearData, db, login, seedBooking, seedOrder, sessionIdFrom, signIn } from '../admin-harness';

const today = () => lagosDate(new Date());

async function receptionCookie(): Promise<string> {
  await db.insert(staffAccounts).values({
    id: 'clients-reception',
    name: 'Amaka Obi',
    email: 'amaka@clients.test',
    role: 'reception',
    passwordHash: await hashPassword('a long team password 2026', env.ADMIN_PASSWORD_PEPPER),
  });
  const response = await login('amaka@clients.test', 'a long team password 2026', '198.18.9.1');
  return `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
}

const clientIdOf = async (bookingId: string) =>
  (await db.select({ id: bookings.clientId }).from(bookings).where(eq(bookings.id, bookingId)))[0]?.id ?? '';

beforeEach(async () => {
  await clearData();
  await db.delete(outboxMessages);
  await db.delete(auditLog);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
});

describe('one record per person', () => {
  it('matches by email in any case, else by the phone however it is written', async () => {
    const a = await seedBooking({ date: today(), email: 'Ada@Example.com', phone: '0803 123 4567' });
    const b = await seedBooking({ date: addDays(today(), 1), email: 'ada@example.com ', phone: '0803 000 0000' });
    const c = await seedBooking({ date: today(), time: '12:00', email: '', phone: '0805 222 3333', name: 'Ngozi' });
    const d = await seedBooking({
      date: today(),
      time: '13:00',
      email: '',
      phone: '+234 805 222 3333',
      name: 'Ngozi E',
    });
    expect(await clientIdOf(a.id)).toBe(await clientIdOf(b.id));
    expect(await clientIdOf(c.id)).toBe(await clientIdOf(d.id));
    expect(await clientIdOf(a.id)).not.toBe(await clientIdOf(c.id));
    const rows = await db.select().from(clients).orderBy(clients.key);
    expect(rows.map((row) => [row.key, row.name])).toEqual([
      ['email:ada@example.com', 'Ada Obi'],
      ['phone:2348052223333', 'Ngozi E'],
    ]);
  });

  it('keeps the name and phone on record when someone books with a known email', async () => {
    const first = await seedBooking({
      date: today(),
      email: 'kemi@example.com',
      phone: '0803 123 4567',
      name: 'Kemi Ade',
    });
    await seedBooking({
      date: addDays(today(), 1),
      email: 'KEMI@example.com',
      phone: '0809 999 9999',
      name: 'Someone Else',
    });
    const [client] = await db
      .select()
      .from(clients)
      .where(eq(clients.id, await clientIdOf(first.id)));
    expect(client).toMatchObject({ name: 'Kemi Ade', phone: '0803 123 4567', email: 'kemi@example.com' });
  });

  it('links a booking taken by phone in the batch that records it', async () => {
    const owner = await signIn();
    const response = await adminCall(owner, '/api/bookings', 'POST', {
      name: 'Chidi Okoro',
      phone: '0806 333 4444',
      subservices: ['Swedish'],
      date: addDays(today(), 2),
      time: '10:00',
      payment: 'cash',
    });
    const { booking } = (await response.json()) as { booking: { _id: string; clientId: string } };
    expect(booking.clientId).toBe(await clientIdOf(booking._id));
    const [client] = await db.select().from(clients);
    expect(client).toMatchObject({ key: 'phone:2348063334444', name: 'Chidi Okoro', email: null });
  });
});

describe('finding a client', () => {
  it('by part of a name, an email or a phone typed any way, most recent first', async () => {
    await seedBooking({ date: today(), name: 'Ada Obi', email: 'ada@example.com', phone: '0803 123 4567' });
    await seedBooking({
      date: today(),
      time: '12:00',
      name: 'Bisi Adeyemi',
      email: 'bisi@example.com',
      phone: '0805 999 1111',
    });
    const owner = await signIn();
    const names = async (q: string) =>
      (
        (await (await adminCall(owner, `/api/clients?q=${encodeURIComponent(q)}`)).json()) as Array<{ name: string }>
      ).map((client) => client.name);
    expect(await names('')).toEqual(['Bisi Adeyemi', 'Ada Obi']);
    expect(await names('ad')).toEqual(['Bisi Adeyemi', 'Ada Obi']);
    expect(await names('obi')).toEqual(['Ada Obi']);
    expect(await names('BISI@')).toEqual(['Bisi Adeyemi']);
    expect(await names('+234 803 123')).toEqual(['Ada Obi']);
    expect(await names('08059991111')).toEqual(['Bisi Adeyemi']);
    expect(await names('100%_')).toEqual([]);
  });
});

describe('a client’s record', () => {
  it('has visits, orders, total spent, last visit, referral source and consent; health answers for the owner only', async () => {
    const past = await seedBooking({
      date: addDays(today(), -10),
      serviceStatus: 'completed',
      amount: 25_000,
      healthConditions: ['Pregnancy'],
      referralSource: 'Google Search',
    });
    await seedBooking({ date: addDays(today(), 5), amount: 30_000 });
    await seedOrder({ name: 'Ada Obi', email: 'ada@example.com', amount: 32_000 });
    await db.insert(academyWaitlistEntries).values({
      firstName: 'Ada',
      email: 'ada@example.com',
      whatsapp: '+2348031234567',
      state: 'Lagos',
      confirmedAt: new Date().toISOString(),
    });
    const id = await clientIdOf(past.id);
    const owner = await signIn();
    const record = (await (await adminCall(owner, `/api/clients/${id}`)).json()) as Record<string, unknown> & {
      bookings: Array<{ date: string; healthConditions?: string[] }>;
      orders: unknown[];
    };
    expect(record).toMatchObject({
      _id: id,
      name: 'Ada Obi',
      email: 'ada@example.com',
      visits: 2,
      orderCount: 1,
      totalSpent: 87_000,
      lastVisit: addDays(today(), -10),
      nextVisit: addDays(today(), 5),
      referralSource: 'Google Search',
      marketingConsent: true,
    });
    expect(record.bookings.map((booking) => booking.date)).toEqual([addDays(today(), 5), addDays(today(), -10)]);
    expect(record.bookings[1]?.healthConditions).toEqual(['Pregnancy']);
    expect(record.orders).toHaveLength(1);
    const views = await db.select().from(auditLog).where(eq(auditLog.action, 'health-view'));
    expect(views.map((view) => view.details)).toEqual([{ bookings: [past.id] }]);

    const reception = await receptionCookie();
    const text = await (await adminCall(reception, `/api/clients/${id}`)).text();
    expect(text).toContain('Ada Obi');
    expect(text).not.toMatch(/Pregnancy|healthConditions/);
    expect((await adminCall(reception, `/api/clients/${id}/export`)).status).toBe(403);
    expect((await adminCall(reception, `/api/clients/${id}`, 'DELETE')).status).toBe(403);
  });

  it('keeps staff notes, and the activity log says so without their words', async () => {
    const booking = await seedBooking({ date: today() });
    const id = await clientIdOf(booking.id);
    const reception = await receptionCookie();
    const saved = await adminCall(reception, `/api/clients/${id}`, 'PUT', { notes: 'Prefers a firm pressure' });
    expect(saved.status).toBe(200);
    const [client] = await db.select().from(clients).where(eq(clients.id, id));
    expect(client?.notes).toBe('Prefers a firm pressure');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'client-notes'));
    expect(entry).toMatchObject({ actorName: 'Amaka Obi', target: id, details: {} });
    expect((await adminCall(reception, '/api/clients/nobody', 'PUT', { notes: 'x' })).status).toBe(404);
    const tooLong = await adminCall(reception, `/api/clients/${id}`, 'PUT', { notes: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
  });
});

describe('the owner’s copy of a client’s data', () => {
  it('holds the record, every visit with its health answers, orders and messages, as JSON and as a page', async () => {
    const booking = await seedBooking({ date: today(), healthConditions: ['Asthma or Breathing Difficulties'] });
    await db.insert(outboxMessages).values({
      channel: 'email',
      recipient: 'ada@example.com',
      template: 'booking-confirmation',
      subject: 'Your booking is confirmed',
      text: 'Dear Ada',
      idempotencyKey: `test:${booking.paymentReference}`,
    });
    const id = await clientIdOf(booking.id);
    const owner = await signIn();
    const json = await adminCall(owner, `/api/clients/${id}/export`);
    expect(json.headers.get('Content-Disposition')).toContain('attachment');
    const data = (await json.json()) as {
      client: { name: string; bookings: Array<{ healthConditions: string[] }> };
      messages: Array<{ subject: string }>;
    };
    expect(data.client.name).toBe('Ada Obi');
    expect(data.client.bookings[0]?.healthConditions).toEqual(['Asthma or Breathing Difficulties']);
    expect(data.messages.map((message) => message.subject)).toEqual(['Your booking is confirmed']);
    const page = await adminCall(owner, `/api/clients/${id}/export?format=html`);
    expect(page.headers.get('Content-Type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Everything we hold on Ada Obi');
    expect(html).toContain('Asthma or Breathing Difficulties');
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'client-export'));
    expect(entry?.target).toBe(id);
  });
});

describe('erasing a client', () => {
  it('leaves no trace of the name, email or phone in any table or KV, and the money records still add up', async () => {
    const name = 'Temitope Erasure';
    const email = 'temitope.erasure@example.com';
    const phone = '+2348077776666';
    const booking = await seedBooking({ date: addDays(today(), 3), name, email, phone, amount: 40_000, notes: 'Knee' });
    const visited = await seedBooking({
      date: addDays(today(), -3),
      name,
      email,
      phone,
      amount: 25_000,
      serviceStatus: 'completed',
    });
    const order = await seedOrder({ name, email, amount: 32_000 });
    // Their reviews of the visit and of a product, with the requests that asked for them.
    const [visitRequest, productRequest] = await db
      .insert(reviewRequests)
      .values([
        { tokenHash: 'erase-visit', kind: 'visit', bookingId: visited.id, subject: 'Swedish', name },
        {
          tokenHash: 'erase-product',
          kind: 'product',
          orderId: order.id,
          productId: 'all-glow-body-oil',
          subject: 'All Glow Body Oil',
          name,
        },
      ])
      .returning();
    await db.insert(reviews).values([
      { requestId: visitRequest?.id, kind: 'visit', author: 'Temitope E.', rating: 5, comment: 'My Knee is better' },
      {
        requestId: productRequest?.id,
        kind: 'product',
        productId: 'all-glow-body-oil',
        author: 'Temitope E.',
        rating: 4,
        comment: `${name} loves it`,
        status: 'approved',
      },
    ]);
    await db.update(payments).set({ details: { booking: { customerName: name, customerEmail: email } } });
    await db.insert(outboxMessages).values([
      {
        channel: 'email',
        recipient: email,
        template: 'booking-confirmation',
        subject: `For ${name}`,
        text: name,
        idempotencyKey: 'e1',
      },
      {
        channel: 'email',
        recipient: env.STUDIO_EMAIL,
        template: 'booking-notice',
        subject: `New booking: ${name}`,
        text: `${name} ${phone}`,
        idempotencyKey: `booking-notice:email:${booking.paymentReference}`,
      },
    ]);
    await db.insert(academyWaitlistEntries).values({ firstName: name, email, whatsapp: phone, state: 'Lagos' });
    // A gift voucher they bought for a friend, and one a friend sent them.
    const voucherRow = (reference: string, row: Partial<typeof vouchers.$inferInsert>) => ({
      paymentReference: reference,
      codeHash: `hash-${reference}`,
      codeLast4: 'ABCD',
      cardTokenHash: `card-${reference}`,
      amount: 20_000,
      balance: 20_000,
      buyerName: 'A Friend',
      recipientName: 'A Friend',
      recipientEmail: 'friend@example.com',
      deliverOn: today(),
      expiresOn: addDays(today(), 365),
      ...row,
    });
    for (const [reference, buyer, details] of [
      ['GV-ERASE-BOUGHT', email, { voucher: { buyerName: name, buyerEmail: email } }],
      ['GV-ERASE-GIFT', 'friend@example.com', { voucher: { recipientName: name, recipientEmail: email } }],
    ] as const) {
      await db.insert(payments).values({
        reference,
        kind: 'voucher',
        status: 'paid',
        amount: 20_000,
        subtotal: 20_000,
        email: buyer,
        details,
      });
    }
    await db
      .insert(vouchers)
      .values([
        voucherRow('GV-ERASE-BOUGHT', { buyerName: name, buyerEmail: email, message: 'From Knee' }),
        voucherRow('GV-ERASE-GIFT', { recipientName: name, recipientEmail: email, recipientPhone: phone }),
      ]);
    // Payments that never became a booking (abandoned, still pending), and their phone written
    // other ways on a waitlist entry, a WhatsApp message and a voucher they were given.
    await db.insert(payments).values([
      {
        reference: 'BK-ERASE-ABANDONED',
        kind: 'booking',
        status: 'abandoned',
        amount: 25_000,
        subtotal: 25_000,
        email: email.toUpperCase(),
        phoneKey: '2348077776666',
        details: { booking: { customerName: name, customerPhone: '0807 777 6666' } },
      },
      {
        reference: 'BK-ERASE-PENDING',
        kind: 'booking',
        status: 'pending',
        amount: 25_000,
        subtotal: 25_000,
        email: '',
        phoneKey: '2348077776666',
        details: { booking: { customerName: 'T. E.', customerPhone: '08077776666' } },
      },
    ]);
    await db.insert(academyWaitlistEntries).values({
      firstName: 'Tope',
      email: 'tope.other@example.com',
      whatsapp: '0807 777 6666',
      state: 'Oyo',
    });
    await db.insert(outboxMessages).values({
      channel: 'whatsapp',
      recipient: '2348077776666',
      template: 'campaign',
      subject: 'News',
      text: 'Hello',
      idempotencyKey: 'erase-whatsapp',
    });
    await db.insert(payments).values({
      reference: 'GV-ERASE-PHONE',
      kind: 'voucher',
      status: 'paid',
      amount: 20_000,
      subtotal: 20_000,
      email: 'friend@example.com',
      details: {},
    });
    await db
      .insert(vouchers)
      .values(voucherRow('GV-ERASE-PHONE', { recipientName: 'Tope', recipientPhone: '0807-777-6666' }));
    const other = await seedBooking({ date: addDays(today(), 4), name: 'Someone Else', email: 'else@example.com' });
    const id = await clientIdOf(booking.id);
    const owner = await signIn();
    await adminCall(owner, `/api/clients/${id}`, 'PUT', { notes: 'Allergic to lavender' });
    const before = await db.get<{ amount: number; paid: number }>(
      sql`select (select sum(amount) from bookings) + (select sum(amount) from orders) as amount,
        (select sum(amount) from payments) as paid`,
    );

    const response = await adminCall(owner, `/api/clients/${id}`, 'DELETE');
    expect(response.status).toBe(200);

    // Every table, read whole.
    const tables = await db.all<{ name: string }>(
      sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const { name: table } of tables) {
      const rows = JSON.stringify(await db.all(sql.raw(`select * from "${table}"`)));
      for (const trace of [
        name,
        email,
        phone,
        '8077776666',
        '807 777 6666',
        '807-777-6666',
        'Allergic to lavender',
        'Knee',
      ]) {
        expect(rows, `${table} holds ${trace}`).not.toContain(trace);
      }
    }
    for (const namespace of [env.SESSIONS, env.PAGES]) {
      const { keys } = await namespace.list();
      for (const { name: key } of keys) {
        const value = (await namespace.get(key)) ?? '';
        for (const trace of [name, email, phone]) expect(`${key} ${value}`).not.toContain(trace);
      }
    }
    // The money stays, anonymised; the other client is untouched.
    const after = await db.get<{ amount: number; paid: number }>(
      sql`select (select sum(amount) from bookings) + (select sum(amount) from orders) as amount,
        (select sum(amount) from payments) as paid`,
    );
    expect(after).toEqual(before);
    const erased = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(erased[0]).toMatchObject({ name: ERASED_NAME, email: '', phone: '', amount: 40_000, clientId: null });
    expect((await db.select().from(bookings).where(eq(bookings.id, other.id)))[0]?.name).toBe('Someone Else');
    expect((await adminCall(owner, `/api/clients/${id}`)).status).toBe(404);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'client-erase'));
    expect(entry).toMatchObject({ target: id, details: {} });
    expect(await db.select().from(reviews).where(sql`${reviews.source} = 'verified'`)).toEqual([]);
  });
});

describe('health answers after the visit', () => {
  it('are erased the set months after the visit, from the booking and its payment, and kept before', async () => {
    const old = await seedBooking({ date: addDays(addMonths(today(), -12), -1), healthConditions: ['Pregnancy'] });
    const recent = await seedBooking({ date: addDays(addMonths(today(), -12), 1), healthConditions: ['Cancer'] });
    await db
      .update(payments)
      .set({ details: { booking: { customerName: 'Ada Obi', healthConditions: ['Pregnancy'], onMedication: true } } })
      .where(eq(payments.reference, old.paymentReference));
    await db.run(sql`update payments set slot_date = ${old.date} where reference = ${old.paymentReference}`);
    await eraseOldHealthAnswers(db, new Date());
    const conditions = async (id: string) =>
      (await db.select({ value: bookings.healthConditions }).from(bookings).where(eq(bookings.id, id)))[0]?.value;
    expect(await conditions(old.id)).toEqual([]);
    expect(await conditions(recent.id)).toEqual(['Cancer']);
    const [payment] = await db.select().from(payments).where(eq(payments.reference, old.paymentReference));
    expect(payment?.details).toEqual({ booking: { customerName: 'Ada Obi' } });

    // A longer setting keeps more.
    const owner = await signIn();
    const saved = await adminCall(owner, '/api/schedule-settings', 'PUT', { healthRetentionMonths: 24 });
    expect(await saved.json()).toMatchObject({ healthRetentionMonths: 24 });
    await db
      .update(bookings)
      .set({ healthConditions: ['Pregnancy'] })
      .where(eq(bookings.id, old.id));
    await eraseOldHealthAnswers(db, new Date());
    expect(await conditions(old.id)).toEqual(['Pregnancy']);
    const refused = await adminCall(owner, '/api/schedule-settings', 'PUT', { healthRetentionMonths: 0 });
    expect(refused.status).toBe(400);
  });
});
