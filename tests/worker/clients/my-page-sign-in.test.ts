// A client's own page: a 6-digit code to a known email or WhatsApp (the same answer
// for an unknown one), its 10 minutes, the limits per address and per network, the
// 30-day HttpOnly cookie, GET /api/account for the signed-in client only, and erasure ending it.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountCodes, clients, outboxMessages } from '../../../worker/db/schema';
import { sha256Hex } from '../../../worker/services/signing';
import { accountMessages } from '../../../worker/shared/my-page-rules';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { signIn as staffSignIn } from '../admin-harness';
import { paidBooking } from '../checkout/paid-booking';
import { inDays, insertPaidBooking } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, origin, staffCall, withFakePaystack } from '../checkout/payment-harness';
import { buyPackage, definePackage } from '../prepaid/package-fixtures';

withFakePaystack();

let staff: string;
beforeAll(async () => {
  staff = await staffSignIn();
});
beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.delete(accountCodes);
  await db.$client.exec('delete from account_sessions; delete from account_code_tries;');
});
afterEach(() => {
  vi.useRealTimers();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  });

const askCode = (contact: string, headers: Record<string, string> = {}) =>
  post('/api/account/code', { contact }, headers);

/** The digits of the newest code sent to `to`, as its message says them. */
async function sentCode(to: string) {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code'));
  const mine = rows.filter((row) => row.recipient === to).at(-1);
  return /\b(\d{6})\b/.exec(mine?.text ?? '')?.[1] ?? '';
}

async function signedInCookie(contact: string, to = contact) {
  expect((await askCode(contact)).status).toBe(202);
  const response = await post('/api/account/sign-in', { contact, code: await sentCode(to) });
  expect(response.status).toBe(200);
  return (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? '';
}

const account = async (cookie: string) => call('/api/account', { headers: { Cookie: cookie } });

describe('reading the page', () => {
  it('counts reads per network: past 20 a minute, 429 with Retry-After; another network still reads', async () => {
    await paidBooking('10:00');
    const cookie = await signedInCookie('ada@example.com');
    const network = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const read = (address: string) =>
      call('/api/account', { headers: { Cookie: cookie, 'CF-Connecting-IP': address } });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await read(network)).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const refused = await read(network);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    const other = network.replace('198.51.100.', '192.0.2.');
    expect((await read(other)).status).toBe(200);
  });
});

describe('signing in with a code', () => {
  it('keeps the code out of the subject and off the Messages screen, for owners too', async () => {
    await paidBooking('10:00');
    expect((await askCode('ada@example.com')).status).toBe(202);
    const code = await sentCode('ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const [message] = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code'));
    expect(message?.subject).toBe('Your sign-in code');
    const seen = [
      await (await staffCall(staff, '/api/messages?template=account-code')).text(),
      await (await staffCall(staff, `/api/messages/${message?.id}`)).text(),
      await (await staffCall(staff, `/api/messages/${message?.id}/preview`)).text(),
    ];
    for (const screen of seen) expect(screen).not.toContain(code);
    expect(seen[1]).toContain('(code hidden)');
  });

  it('sends a code to a known email, signs in with it once, and keeps the browser signed in for 30 days', async () => {
    await paidBooking('10:00');
    const asked = await askCode('ADA@example.com');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: accountMessages.sent });
    const code = await sentCode('ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const stored = JSON.stringify(await db.select().from(accountCodes));
    expect(stored).not.toContain(code);
    const signed = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(signed.status).toBe(200);
    const cookie = signed.headers.get('Set-Cookie') ?? '';
    expect(cookie).toMatch(/^__Host-account=e\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Max-Age=2592000');
    for (const flag of ['HttpOnly', 'Secure', 'SameSite=Lax', 'Path=/']) expect(cookie).toContain(flag);
    const again = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: accountMessages.codeUsedUp });
    expect((await account(cookie.split(';')[0] ?? '')).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and sends it nothing', async () => {
    const asked = await askCode('stranger@example.com');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ message: accountMessages.sent });
    expect(await db.select().from(outboxMessages)).toEqual([]);
    const guess = await post('/api/account/sign-in', { contact: 'stranger@example.com', code: '123456' });
    expect(guess.status).toBe(400);
  });

  it('sends a WhatsApp number its code on WhatsApp', async () => {
    await paidBooking('10:00');
    const cookie = await signedInCookie('+234 803 123 4567', '+234 803 123 4567');
    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code'));
    expect(sent.map((message) => message.channel)).toEqual(['whatsapp']);
    const view = (await (await account(cookie)).json()) as { upcoming: unknown[] };
    expect(view.upcoming).toHaveLength(1);
  });

  // It was 5 tries a code, then not even the right one: a stranger's 5 wrong tries spent the
  // client's code. Wrong tries are now counted per address and per network
  // (client-account-limits.test.ts), and the code still works.
  it('keeps a code working through 5 wrong tries, counting them for the address', async () => {
    await paidBooking('10:00');
    await askCode('ada@example.com');
    const code = await sentCode('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [9, 8, 7, 6, 5]) {
      const response = await post('/api/account/sign-in', { contact: 'ada@example.com', code: wrong });
      expect(await response.json()).toEqual({ message: accountMessages.wrongCode(left) });
    }
    const right = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(right.status).toBe(200);
    const again = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(await again.json()).toEqual({ message: accountMessages.codeUsedUp });
  });

  it('lets a code work for 10 minutes only', async () => {
    await paidBooking('10:00');
    vi.useFakeTimers({ toFake: ['Date'] });
    await askCode('ada@example.com');
    const code = await sentCode('ada@example.com');
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const late = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(await late.json()).toEqual({ message: accountMessages.codeUsedUp });
  });

  it('gives an address 3 codes in 15 minutes, known or not alike, and a network 20 an hour', async () => {
    await paidBooking('10:00');
    for (const contact of ['ada@example.com', 'nobody@example.com']) {
      for (let asked = 0; asked < 3; asked++) expect((await askCode(contact)).status).toBe(202);
      const over = await askCode(contact);
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ message: accountMessages.tooManyCodes });
    }
    const network = { 'CF-Connecting-IP': '198.51.100.23' };
    let refused: Response | undefined;
    for (let asked = 0; asked < 21 && !refused; asked++) {
      const response = await askCode(`person${asked}@example.com`, network);
      if (response.status !== 202) refused = response;
    }
    expect(refused?.status).toBe(429);
  });

  // It was 8 codes a day: anyone may ask for anyone's address, so a stranger kept a client out of
  // their page for a day. An address is now refused codes for 15 minutes at most.
  it('gives an address more than 8 codes a day, 3 in each 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const batch of [3, 3, 3]) {
      for (let asked = 0; asked < batch; asked++) expect((await askCode('nobody@example.com')).status).toBe(202);
      vi.setSystemTime(Date.now() + 16 * 60_000);
    }
    expect((await askCode('nobody@example.com')).status).toBe(202);
  });

  it('refuses what is neither an email nor a phone number', async () => {
    const response = await askCode('not an address');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: accountMessages.contact });
  });
});

describe('GET /api/account', () => {
  it('answers 401 to a browser not signed in', async () => {
    const response = await call('/api/account');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: accountMessages.signedOut });
  });

  it('reads a session opened before tokens named their address’s kind, and ends any on sign-out', async () => {
    await paidBooking('10:00', inDays(3));
    const token = 'A'.repeat(43);
    await db.$client
      .prepare('insert into account_sessions (token_hash, contact, expires_at) values (?, ?, ?)')
      .bind(await sha256Hex(token), 'email:ada@example.com', addDays(lagosDate(new Date()), 30))
      .run();
    const older = await account(`__Host-account=${token}`);
    expect(older.status).toBe(200);
    expect(((await older.json()) as { upcoming: unknown[] }).upcoming).toHaveLength(1);
    const cookie = await signedInCookie('ada@example.com');
    expect((await account(cookie)).status).toBe(200);
    for (const each of [`__Host-account=${token}`, cookie]) {
      const out = await call('/api/account/sign-out', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: each },
        body: '{}',
      });
      expect(out.status).toBe(200);
      expect((await account(each)).status).toBe(401);
    }
  });

  it('shows the client’s visits, packages and receipts, and nobody else’s', async () => {
    const { reference } = await paidBooking('10:00', inDays(3));
    await insertPaidBooking(db, {
      reference: 'BK-PAST-1',
      date: lagosDate(new Date(Date.now() - 10 * 86_400_000)),
      time: '12:00',
      serviceStatus: 'completed',
      therapistId: 'therapist-1',
      subservices: ['Swedish', 'Hotstone'],
    });
    await insertPaidBooking(db, {
      reference: 'BK-OTHER',
      date: addDays(lagosDate(new Date()), 4),
      time: '15:00',
      email: 'bola@example.com',
      phone: '+2348059998877',
    });
    const pkg = await definePackage(staff);
    await buyPackage(pkg, { buyerEmail: 'ada@example.com' });
    const cookie = await signedInCookie('ada@example.com');
    const view = (await (await account(cookie)).json()) as {
      upcoming: Array<{ reference: string; manageUrl: string }>;
      past: Array<{ bookAgainUrl: string; status: string }>;
      packages: Array<{ name: string; sessionsLeft: number }>;
      receipts: Array<{ reference: string }>;
    };
    expect(view.upcoming.map((visit) => visit.reference)).toEqual([reference]);
    expect(view.upcoming[0]?.manageUrl).toMatch(/^\/manage-booking\/[A-Za-z0-9_-]{43}$/);
    expect(view.past).toEqual([
      expect.objectContaining({
        status: 'completed',
        bookAgainUrl: '/booking?treatments=Swedish%2CHotstone&therapist=therapist-1',
      }),
    ]);
    expect(view.packages).toEqual([expect.objectContaining({ name: 'Three Swedish', sessionsLeft: 3 })]);
    expect(view.receipts.map((receipt) => receipt.reference)).toContain(reference);
    expect(JSON.stringify(view)).not.toContain('BK-OTHER');
    const mine = await call(`/api/account/receipts/${reference}`, { headers: { Cookie: cookie } });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      reference,
      paid: 55_000,
      lines: [{ label: 'Swedish' }, { label: 'Hot Stone' }],
    });
    const theirs = await call('/api/account/receipts/BK-OTHER', { headers: { Cookie: cookie } });
    expect(theirs.status).toBe(404);
  });

  it('shows only what the signed-in address proves: another’s phone typed into a booking reveals nothing', async () => {
    // Bola's visit, by her phone; then someone books with their own email and Bola's phone.
    await insertPaidBooking(db, {
      reference: 'BK-BOLA',
      date: addDays(lagosDate(new Date()), 5),
      time: '15:00',
      email: 'bola@example.com',
      phone: '+2348059998877',
    });
    await insertPaidBooking(db, {
      reference: 'BK-PRYING',
      date: addDays(lagosDate(new Date()), 6),
      time: '15:00',
      email: 'pry@example.com',
      phone: '0805 999 8877',
    });
    await db
      .insert(clients)
      .values({ key: 'email:pry@example.com', name: 'Pry', email: 'pry@example.com', phone: '0805 999 8877' });
    const cookie = await signedInCookie('pry@example.com');
    const view = JSON.stringify(await (await account(cookie)).json());
    expect(view).toContain('BK-PRYING');
    expect(view).not.toContain('BK-BOLA');
  });

  it('ends the client’s sessions when staff erase them, and on signing out', async () => {
    await paidBooking('10:00');
    const cookie = await signedInCookie('ada@example.com');
    const [client] = await db.select().from(clients).where(eq(clients.key, 'email:ada@example.com'));
    expect((await staffCall(staff, `/api/clients/${client?.id}`, 'DELETE')).status).toBe(200);
    expect((await account(cookie)).status).toBe(401);
    await paidBooking('11:00');
    const second = await signedInCookie('ada@example.com');
    expect((await post('/api/account/sign-out', {}, { Cookie: second })).status).toBe(200);
    expect((await account(second)).status).toBe(401);
  });
});
