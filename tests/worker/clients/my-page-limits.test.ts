// The sign-in's limits as a stranger meets them: asking codes for someone else's address keeps
// them out for 15 minutes at most and sends them 5 messages an hour at most; a stranger's newer
// code does not spend the client's; wrong guesses are counted per address and per network.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../../worker/db/schema';
import { requestSignInCode, signInWithCode } from '../../../worker/services/clients/my-page-sign-in';
import {
  ACCOUNT_GUESSES_PER_ADDRESS,
  ACCOUNT_GUESSES_PER_NETWORK,
  ACCOUNT_MESSAGES_PER_HOUR,
  accountMessages,
} from '../../../worker/shared/my-page-rules';
import { addDays, lagosDate } from '../../../worker/shared/time';
import { insertPaidBooking } from '../checkout/payment-fixtures';
import { call, clearPaymentData, db, origin, withFakePaystack } from '../checkout/payment-harness';

withFakePaystack();

beforeEach(async () => {
  await clearPaymentData();
  await db.delete(outboxMessages);
  await db.$client.exec('delete from account_codes; delete from account_code_tries; delete from account_sessions;');
  await insertPaidBooking(db, { reference: 'BK-ADA', date: addDays(lagosDate(new Date()), 3), time: '10:00' });
});
afterEach(() => {
  vi.useRealTimers();
});

let networks = 0;
/** A network of its own for each call: these tests are about the stored counts, not FORM_LIMITER. */
const post = (path: string, body: unknown) =>
  call(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Origin: origin,
      'CF-Connecting-IP': `203.0.113.${(networks++ % 250) + 1}`,
    },
    body: JSON.stringify(body),
  });
const askCode = (contact: string) => post('/api/account/code', { contact });

const sentCodes = async (to: string) =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.template, 'account-code')))
    .filter((row) => row.recipient === to)
    .map((row) => /\b(\d{6})\b/.exec(row.text)?.[1] ?? '');

const minutes = (count: number) => vi.setSystemTime(Date.now() + count * 60_000);

describe('asking codes for another’s address', () => {
  it('keeps no address from codes for more than 15 minutes, however often a stranger asks', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Six windows of 3 codes: past the old 8 a day, and every window opens again after 15 minutes.
    for (let window = 0; window < 6; window++) {
      for (let asked = 0; asked < 3; asked++) expect((await askCode('nobody@example.com')).status).toBe(202);
      const over = await askCode('nobody@example.com');
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ message: accountMessages.tooManyCodes });
      minutes(16);
    }
    expect((await askCode('nobody@example.com')).status).toBe(202);
  });

  it('sends an address at most 5 messages an hour, answering the same; its codes sent still work', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (const window of [0, 1]) {
      for (let asked = 0; asked < 3; asked++) {
        const response = await askCode('ada@example.com');
        expect(response.status).toBe(202);
        expect(await response.json()).toEqual({ message: accountMessages.sent });
      }
      if (window === 0) minutes(16);
    }
    const sent = await sentCodes('ada@example.com');
    expect(sent).toHaveLength(ACCOUNT_MESSAGES_PER_HOUR);
    // The last one sent, 16 minutes after the first: still live.
    const signed = await post('/api/account/sign-in', { contact: 'ada@example.com', code: sent.at(-1) });
    expect(signed.status).toBe(200);
    minutes(45);
    expect((await askCode('ada@example.com')).status).toBe(202);
    expect(await sentCodes('ada@example.com')).toHaveLength(ACCOUNT_MESSAGES_PER_HOUR + 1);
  });

  it('checks a typed code against every live code: a stranger’s newer one and wrong tries do not spend it', async () => {
    expect((await askCode('ada@example.com')).status).toBe(202);
    const [mine] = await sentCodes('ada@example.com');
    expect((await askCode('ada@example.com')).status).toBe(202);
    for (let tried = 0; tried < 5; tried++) {
      const wrong = await post('/api/account/sign-in', { contact: 'ada@example.com', code: '000000' });
      expect(wrong.status).toBe(400);
    }
    const signed = await post('/api/account/sign-in', { contact: 'ada@example.com', code: mine });
    expect(signed.status).toBe(200);
  });
});

describe('wrong guesses', () => {
  it('caps an address at 10 wrong codes in 15 minutes across its codes, from any network', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await askCode('ada@example.com');
    const [code] = await sentCodes('ada@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = ACCOUNT_GUESSES_PER_ADDRESS - 1; left >= 1; left--) {
      const response = await post('/api/account/sign-in', { contact: 'ada@example.com', code: wrong });
      expect(await response.json()).toEqual({ message: accountMessages.wrongCode(left) });
    }
    const last = await post('/api/account/sign-in', { contact: 'ada@example.com', code: wrong });
    expect(await last.json()).toEqual({ message: accountMessages.tooManyTries });
    const right = await post('/api/account/sign-in', { contact: 'ada@example.com', code });
    expect(right.status).toBe(429);
    expect(await right.json()).toEqual({ message: accountMessages.tooManyTries });
    minutes(16);
    await askCode('ada@example.com');
    const [, fresh] = await sentCodes('ada@example.com');
    expect((await post('/api/account/sign-in', { contact: 'ada@example.com', code: fresh })).status).toBe(200);
  });

  it('caps a network at 20 wrong codes in 15 minutes, whatever the addresses', async () => {
    const now = new Date();
    const options = { now, secret: env.LINK_SECRET, networkKey: 'guessing-network' };
    for (let guess = 0; guess < ACCOUNT_GUESSES_PER_NETWORK; guess++) {
      const contact = `person${guess}@example.com`;
      await requestSignInCode(db, contact, { ...options, networkKey: `asking-${guess}` });
      expect(await signInWithCode(db, contact, '000000', options)).toMatchObject({ ok: false, status: 400 });
    }
    expect(await signInWithCode(db, 'person0@example.com', '000000', options)).toEqual({
      ok: false,
      status: 429,
      message: accountMessages.busyNetworkTries,
    });
    const elsewhere = { ...options, networkKey: 'another-network' };
    expect(await signInWithCode(db, 'person0@example.com', '000000', elsewhere)).toMatchObject({ status: 400 });
  });
});
