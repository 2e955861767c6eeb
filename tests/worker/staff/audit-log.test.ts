// Who did what: every staff change and every sign-in is in the audit log with who, when, what and
// from which address; histories name the person; owners read it with filters; it is kept 2 years.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, staffAccounts } from '../../../worker/db/schema';
import { SESSION_COOKIE } from '../../../worker/middleware/admin-session';
import { auditedRoutes } from '../../../worker/middleware/audit-trail';
import { routeAccess } from '../../../worker/middleware/staff-access';
import { forgetOldActivity, recordAudit } from '../../../worker/services/staff/audit-log';
import { hashPassword } from '../../../worker/services/staff/password';
import { addDays, lagosDate } from '../../../worker/shared/time';
import {
  adminCall,
  call,
  clearData,
  db,
  LOCAL_PASSWORD,
  login,
  seedBooking,
  seedOrder,
  sessionIdFrom,
  signIn,
} from '../admin-harness';

const PASSWORD = 'a long team password 2026';

async function receptionist(): Promise<string> {
  await db.insert(staffAccounts).values({
    id: 'audit-reception',
    name: 'Amaka Obi',
    email: 'amaka@audit.test',
    role: 'reception',
    passwordHash: await hashPassword(PASSWORD, env.ADMIN_PASSWORD_PEPPER),
  });
  const response = await login('amaka@audit.test', PASSWORD, '198.18.7.1');
  expect(response.status).toBe(200);
  return `${SESSION_COOKIE}=${sessionIdFrom(response)}`;
}

const entries = () => db.select().from(auditLog).orderBy(auditLog.at);

beforeEach(async () => {
  await clearData();
  await db.delete(auditLog);
  await db.delete(staffAccounts).where(sql`${staffAccounts.id} <> 'owner'`);
});

describe('the audit table', () => {
  it('names every staff route that changes something, so none goes unrecorded', () => {
    const changing = Object.entries(routeAccess)
      .filter(([route, access]) => access !== 'public' && !route.startsWith('GET '))
      .map(([route]) => route);
    for (const route of changing) expect(auditedRoutes[route], route).toBeDefined();
    for (const route of Object.keys(auditedRoutes)) expect(routeAccess[route], route).toBeDefined();
  });
});

describe('sign-ins', () => {
  it('records a sign-in with the person and the address, and a failed one with the name tried', async () => {
    expect((await login('admin', LOCAL_PASSWORD, '203.0.113.9')).status).toBe(200);
    expect((await login('Nobody@Example.com', 'wrong password here', '203.0.113.10')).status).toBe(401);
    const [ok, failed] = await entries();
    expect(ok).toMatchObject({
      action: 'sign-in',
      actorId: 'owner',
      actorName: 'Studio owner',
      address: '203.0.113.9',
    });
    expect(failed).toMatchObject({
      action: 'sign-in-failed',
      actorId: null,
      address: '203.0.113.10',
      details: { username: 'nobody@example.com' },
    });
  });

  it('keeps no typed name that is neither an email, the install’s username nor an account’s', async () => {
    expect((await login('My Secret Passw0rd!', 'wrong password here', '203.0.113.11')).status).toBe(401);
    expect((await login('Admin', 'wrong password here', '203.0.113.12')).status).toBe(401);
    const failed = (await entries()).filter((entry) => entry.action === 'sign-in-failed');
    expect(failed.map((entry) => entry.details)).toEqual([
      { username: null, usernameWithheld: true },
      { username: 'admin' },
    ]);
    expect(JSON.stringify(await entries())).not.toContain('passw0rd');
    // Nor does the guess counter: it keeps such a name as a keyed digest, which still counts its guesses.
    const counted = await db.all<{ key: string; failures: number }>(
      sql`select key, failures from login_failures where key like 'username:%'`,
    );
    expect(JSON.stringify(counted).toLowerCase()).not.toContain('passw0rd');
    expect(counted.map((row) => row.key)).toContain('username:admin');
    expect((await login('My Secret Passw0rd!', 'wrong password here', '203.0.113.13')).status).toBe(401);
    const again = await db.all<{ key: string; failures: number }>(
      sql`select key, failures from login_failures where key like 'username:#%'`,
    );
    expect(again.map((row) => row.failures)).toEqual([2]);
  });
});

describe('changes', () => {
  it('records a cancellation by the person who made it, and the booking’s history names them', async () => {
    const booking = await seedBooking({ date: addDays(lagosDate(new Date()), 3), name: 'Ada Obi' });
    const cookie = await receptionist();
    const response = await adminCall(cookie, `/api/bookings/${booking.id}`, 'PUT', {
      serviceStatus: 'cancelled',
      refund: false,
    });
    expect(response.status).toBe(200);
    const cancelled = (await entries()).find((entry) => entry.action === 'booking-cancel');
    expect(cancelled).toMatchObject({
      actorId: 'audit-reception',
      actorName: 'Amaka Obi',
      target: booking.id,
      details: { serviceStatus: 'cancelled', refund: false },
      address: '198.51.100.7',
    });
    const [listed] = (await (await adminCall(cookie, '/api/bookings?status=cancelled')).json()) as Array<{
      history: Array<{ kind: string; by: string | null }>;
    }>;
    expect(listed?.history).toEqual([expect.objectContaining({ kind: 'cancelled', by: 'Amaka Obi' })]);
  });

  it('keeps what changed but never the client’s contact details', async () => {
    const cookie = await receptionist();
    const date = addDays(lagosDate(new Date()), 4);
    const response = await adminCall(cookie, '/api/bookings', 'POST', {
      name: 'Chidi Okoro',
      phone: '0806 333 4444',
      email: 'chidi@example.com',
      subservices: ['Swedish'],
      date,
      time: '10:00',
      payment: 'cash',
      notes: 'Bad knee',
    });
    expect(response.status).toBe(201);
    const created = (await entries()).find((entry) => entry.action === 'booking-create');
    expect(created?.target).toBe(((await response.clone().json()) as { booking: { _id: string } }).booking._id);
    expect(created?.details).toEqual({ date, time: '10:00', payment: 'cash' });
    expect(JSON.stringify(await entries())).not.toMatch(/Chidi|0806|chidi@|Bad knee/);
  });

  it('gives an order’s history its steps by name', async () => {
    const order = await seedOrder({ name: 'Kemi Balogun' });
    const cookie = await receptionist();
    expect((await adminCall(cookie, `/api/orders/${order.id}`, 'PUT', { orderStatus: 'shipped' })).status).toBe(200);
    const [listed] = (await (await adminCall(cookie, '/api/orders')).json()) as Array<{
      history: Array<{ orderStatus: string; by: string | null }>;
    }>;
    expect(listed?.history).toEqual([expect.objectContaining({ orderStatus: 'shipped', by: 'Amaka Obi' })]);
  });

  it('records each view of health answers, and none when they were not shown', async () => {
    const booking = await seedBooking({ date: addDays(lagosDate(new Date()), 3), healthConditions: ['Pregnancy'] });
    await seedBooking({ date: addDays(lagosDate(new Date()), 3), time: '12:00' });
    const reception = await receptionist();
    await adminCall(reception, '/api/bookings');
    expect((await entries()).filter((entry) => entry.action === 'health-view')).toEqual([]);
    const owner = await signIn();
    await adminCall(owner, '/api/bookings');
    const day = addDays(lagosDate(new Date()), 3);
    await adminCall(owner, `/api/calendar?from=${day}&to=${day}`);
    const views = (await entries()).filter((entry) => entry.action === 'health-view');
    expect(views.map((view) => [view.actorName, view.details])).toEqual([
      ['Studio owner', { bookings: [booking.id] }],
      ['Studio owner', { bookings: [booking.id] }],
    ]);
  });
});

describe('reads of personal data', () => {
  it('records each client record opened, CSV downloaded and client data copy, with who and what', async () => {
    const booking = await seedBooking({ date: addDays(lagosDate(new Date()), 4) });
    const [linked] = await db.all<{ client_id: string }>(sql`select client_id from bookings where id = ${booking.id}`);
    const clientId = linked?.client_id ?? '';
    expect(clientId).not.toBe('');
    const reception = await receptionist();
    expect((await adminCall(reception, `/api/clients/${clientId}`)).status).toBe(200);
    const owner = await signIn();
    expect((await adminCall(owner, '/api/export/bookings.csv?status=booked')).status).toBe(200);
    expect((await adminCall(owner, '/api/export/waitlist.csv')).status).toBe(200);
    expect((await adminCall(owner, `/api/clients/${clientId}/export?format=html`)).status).toBe(200);
    // A client who is not there is no read of anyone.
    expect((await adminCall(owner, '/api/clients/nobody')).status).toBe(404);
    const reads = (await entries())
      .filter((entry) => ['client-view', 'csv-export', 'client-export'].includes(entry.action))
      .map((entry) => [entry.actorName, entry.action, entry.target, entry.details])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(reads).toEqual([
      ['Studio owner', 'client-export', clientId, { format: 'html' }],
      ['Amaka Obi', 'client-view', clientId, {}],
      ['Studio owner', 'csv-export', null, { list: 'bookings', status: 'booked', rows: 1 }],
      ['Studio owner', 'csv-export', null, { list: 'waitlist', rows: 0 }],
    ]);
  });
});

describe('refused proofs of who a signed-in member is', () => {
  it('records a wrong current password and a failed confirmation, but not an empty form or a weak new password', async () => {
    const cookie = await receptionist();
    const wrong = { current: 'not my password at all', password: 'four green kites on sunday' };
    expect((await adminCall(cookie, '/api/auth/password', 'POST', wrong)).status).toBe(400);
    const weak = { current: PASSWORD, password: 'letmein12345' };
    expect((await adminCall(cookie, '/api/auth/password', 'POST', weak)).status).toBe(400);
    expect((await adminCall(cookie, '/api/auth/confirm', 'POST', { password: 'not it either' })).status).toBe(400);
    expect((await adminCall(cookie, '/api/auth/confirm', 'POST', { code: '123456' })).status).toBe(400);
    expect((await adminCall(cookie, '/api/auth/confirm', 'POST', {})).status).toBe(400);
    const refusals = (await entries())
      .filter((entry) => entry.action.endsWith('-failed'))
      .map((entry) => [entry.actorName, entry.action, entry.details]);
    expect(refusals).toEqual([
      ['Amaka Obi', 'password-change-failed', {}],
      ['Amaka Obi', 'identity-confirm-failed', { with: 'password' }],
      ['Amaka Obi', 'identity-confirm-failed', { with: 'authenticator code' }],
    ]);
  });
});

describe('reads of the Messages screen', () => {
  it('records the list, a message and its preview, with who read them', async () => {
    const [message] = await db
      .insert(outboxMessages)
      .values({
        channel: 'email',
        recipient: 'ada@example.com',
        template: 'booking-confirmation',
        subject: 'Your booking is confirmed',
        text: 'Dear Ada',
        idempotencyKey: `test:audit-messages:${crypto.randomUUID()}`,
      })
      .returning();
    const id = message?.id ?? '';
    const owner = await signIn();
    expect((await adminCall(owner, '/api/messages?channel=email')).status).toBe(200);
    expect((await adminCall(owner, `/api/messages/${id}`)).status).toBe(200);
    expect((await adminCall(owner, `/api/messages/${id}/preview`)).status).toBe(200);
    expect((await adminCall(owner, '/api/messages/nothing-here')).status).toBe(404);
    const reads = (await entries())
      .filter((entry) => entry.action === 'messages-view')
      .map((entry) => [entry.actorName, entry.target, entry.details]);
    expect(reads).toEqual([
      ['Studio owner', null, { channel: 'email', page: 1 }],
      ['Studio owner', id, {}],
      ['Studio owner', id, { preview: true }],
    ]);
  });
});

describe('GET /api/activity', () => {
  it('lists entries newest first, filtered by person, action and Lagos days', async () => {
    const owner = { _id: 'owner', name: 'Studio owner' };
    const amaka = { _id: 'audit-reception', name: 'Amaka Obi' };
    await recordAudit(db, { actor: amaka, action: 'booking-move', target: 'b1', at: new Date('2026-03-01T10:00:00Z') });
    await recordAudit(db, {
      actor: owner,
      action: 'coupon-create',
      target: 'c1',
      at: new Date('2026-03-02T10:00:00Z'),
    });
    // 23:30 in Lagos on 2 March is 22:30 UTC.
    await recordAudit(db, {
      actor: amaka,
      action: 'booking-cancel',
      target: 'b2',
      at: new Date('2026-03-02T22:30:00Z'),
    });
    // 23:30 UTC on 2 March is 00:30 in Lagos on 3 March: a UTC day would file it under the 2nd.
    await recordAudit(db, {
      actor: owner,
      action: 'coupon-delete',
      target: 'c2',
      at: new Date('2026-03-02T23:30:00Z'),
    });
    const cookie = await signIn();
    const read = async (query: string) => {
      const response = await adminCall(cookie, `/api/activity${query}`);
      expect(response.status, query).toBe(200);
      return ((await response.json()) as Array<{ target: string | null; action: string }>)
        .filter((entry) => entry.action !== 'sign-in')
        .map((entry) => entry.target);
    };
    expect(await read('')).toEqual(['c2', 'b2', 'c1', 'b1']);
    expect(await read('?actor=audit-reception')).toEqual(['b2', 'b1']);
    expect(await read('?action=coupon-create')).toEqual(['c1']);
    expect(await read('?from=2026-03-02&to=2026-03-02')).toEqual(['b2', 'c1']);
    expect(await read('?from=2026-03-03&to=2026-03-03')).toEqual(['c2']);
    expect(await read('?to=2026-03-01')).toEqual(['b1']);
    const total = await adminCall(cookie, '/api/activity?pageSize=1');
    expect(total.headers.get('X-Total-Count')).toBe('5');
  });

  it('refuses an unknown action or dates the wrong way round with a message', async () => {
    const cookie = await signIn();
    for (const query of ['?action=everything', '?from=2026-03-02&to=2026-03-01', '?from=yesterday']) {
      const response = await adminCall(cookie, `/api/activity${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message, query).toBeTruthy();
    }
  });
});

describe('retention', () => {
  it('forgets entries older than 2 years and keeps the rest', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    await recordAudit(db, { actor: null, action: 'sign-in-failed', at: new Date('2024-11-20T12:00:00Z') });
    await recordAudit(db, { actor: null, action: 'sign-in-failed', at: new Date('2024-11-30T12:00:00Z') });
    await forgetOldActivity(db, now);
    expect((await entries()).map((entry) => entry.at)).toEqual(['2024-11-30T12:00:00.000Z']);
  });
});

it('answers only owners', async () => {
  const cookie = await receptionist();
  const response = await call('/api/activity', { headers: { Cookie: cookie } });
  expect(response.status).toBe(403);
  expect(JSON.stringify(await response.json())).not.toContain('sign-in');
});
