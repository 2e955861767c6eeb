import { env, exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../../worker/db/client';
import { academyWaitlistEntries, outboxMessages } from '../../../worker/db/schema';
import { forgetUnconfirmed } from '../../../worker/services/academy/academy-waitlist';
import { unsubscribeToken } from '../../../worker/services/academy/unsubscribe';
import { academyWaitlistMessages, nigerianStates } from '../../../worker/shared/academy/academy-waitlist';

const db = createDb(env.DB);

const valid = { firstName: 'Ada', email: 'ada@example.com', whatsapp: '0803 123 4567', state: 'Lagos' };

function signUp(body: unknown, init: RequestInit = {}) {
  return exports.default.fetch('https://localhost/api/academy-waitlist', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

const rows = () => db.select().from(academyWaitlistEntries);

async function expectRefused(body: unknown, message: string) {
  const response = await signUp(body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { message: string; issues: unknown[] };
  expect(answer.message).toBe(message);
  expect(answer.issues.length).toBeGreaterThan(0);
  expect(await rows()).toHaveLength(0);
}

beforeEach(async () => {
  await db.delete(outboxMessages);
  await db.delete(academyWaitlistEntries);
});

/** The confirmation link's token from the email queued for `email`. */
async function confirmationToken(email: string): Promise<string> {
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.template, 'waitlist-confirm'), eq(outboxMessages.recipient, email)));
  const link = /\/academy\/confirm\?token=(\S+)/.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!link) throw new Error(`no confirmation email to ${email}`);
  return decodeURIComponent(link);
}

const confirm = (token: string) =>
  exports.default.fetch('https://localhost/api/academy-waitlist/confirm', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: 'https://localhost' },
    body: JSON.stringify({ token }),
  });

const welcomes = () => db.select().from(outboxMessages).where(eq(outboxMessages.template, 'waitlist-welcome'));

async function confirmedEntries(count: number) {
  // One row per statement: D1 allows at most 100 bound values in one.
  for (let index = 0; index < count; index++) {
    await db.insert(academyWaitlistEntries).values({
      firstName: `Early ${index}`,
      email: `early${index}@example.com`,
      whatsapp: '+2348031234567',
      state: 'Lagos',
      confirmedAt: new Date(Date.now() - (count - index) * 1000).toISOString(),
    });
  }
}

describe('POST /api/academy-waitlist', () => {
  it('stores a signup, unconfirmed, with the email trimmed and lower-cased and the number as +234…, and emails a confirmation link', async () => {
    const response = await signUp({ ...valid, firstName: '  Ada ', email: '  Ada.Obi@Example.COM ' });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { message: string; confirmationSent: boolean };
    expect(answer.confirmationSent).toBe(true);
    expect(answer.message).toContain('Please check your inbox');
    expect(answer.message).toContain('The first 50 to confirm');
    const [row] = await rows();
    expect(row).toMatchObject({
      firstName: 'Ada',
      email: 'ada.obi@example.com',
      whatsapp: '+2348031234567',
      state: 'Lagos',
      confirmedAt: null,
    });
    expect(row?.joinedAt).toMatch(/Z$/);
    expect(await confirmationToken('ada.obi@example.com')).toMatch(/\./);
    // No welcome before the address is confirmed.
    expect(await welcomes()).toHaveLength(0);
  });

  it('confirms from the emailed link, once: the welcome follows, and the first 50 are counted among confirmed addresses', async () => {
    await signUp(valid);
    const token = await confirmationToken('ada@example.com');
    const first = await confirm(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, position: 1, earlyBird: true });
    expect((await confirm(token)).status).toBe(200);
    expect(await welcomes()).toHaveLength(1);
    expect((await rows())[0]?.confirmedAt).toMatch(/Z$/);
  });

  it('refuses a forged token, an unsubscribe token, and a link older than 7 days; the cron then forgets the sign-up', async () => {
    await signUp(valid);
    const [row] = await rows();
    for (const token of ['nonsense', `${row?.id}.AAAA`, await unsubscribeToken(row?.id ?? '', env.LINK_SECRET)]) {
      const response = await confirm(token);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: academyWaitlistMessages.confirmInvalid });
    }
    const token = await confirmationToken('ada@example.com');
    await db.update(academyWaitlistEntries).set({ joinedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    expect((await confirm(token)).status).toBe(400);
    await forgetUnconfirmed(db, new Date());
    expect(await rows()).toHaveLength(0);
  });

  it('sends the link again to an address still unconfirmed, and refuses one already confirmed', async () => {
    expect((await signUp(valid)).status).toBe(201);
    expect((await signUp({ ...valid, email: 'ADA@example.com', firstName: 'Adaeze' })).status).toBe(201);
    expect(await rows()).toHaveLength(1);
    await confirm(await confirmationToken('ada@example.com'));
    const again = await signUp({ ...valid, email: 'ADA@example.com', firstName: 'Adaeze' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: academyWaitlistMessages.duplicate });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.firstName).toBe('Ada');
  });

  it('tells the 51st to confirm that the early-bird places are taken, and counts no unconfirmed sign-up', async () => {
    await confirmedEntries(50);
    for (let index = 0; index < 5; index++) await signUp({ ...valid, email: `waiting${index}@example.com` });
    await signUp(valid);
    const response = await confirm(await confirmationToken('ada@example.com'));
    const answer = (await response.json()) as { position: number; earlyBird: boolean; message: string };
    expect(answer).toMatchObject({ position: 51, earlyBird: false });
    expect(answer.message).not.toContain('first 50');
  });

  it('gives exact, distinct positions to confirmations that arrive together', async () => {
    for (let index = 0; index < 8; index++) await signUp({ ...valid, email: `together${index}@example.com` });
    const tokens = await Promise.all(
      Array.from({ length: 8 }, (_, index) => confirmationToken(`together${index}@example.com`)),
    );
    const responses = await Promise.all(tokens.map(confirm));
    const positions = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { position: number }).position),
    );
    expect(positions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    ['a missing first name', { ...valid, firstName: '   ' }, academyWaitlistMessages.firstNameRequired],
    ['a missing email', { ...valid, email: '' }, academyWaitlistMessages.emailRequired],
    ['an invalid email', { ...valid, email: 'ada@example' }, academyWaitlistMessages.emailInvalid],
    [
      'an email over 254 characters',
      { ...valid, email: `ada@${'b'.repeat(250)}.com` },
      academyWaitlistMessages.emailTooLong,
    ],
    [
      'an email username over 64 characters',
      { ...valid, email: `${'a'.repeat(65)}@example.com` },
      academyWaitlistMessages.emailUsernameTooLong,
    ],
    ['a missing WhatsApp number', { ...valid, whatsapp: '' }, academyWaitlistMessages.whatsappRequired],
    ['a WhatsApp number that is not one', { ...valid, whatsapp: '12345' }, academyWaitlistMessages.whatsappInvalid],
    ['a state that is not Nigerian', { ...valid, state: 'Texas' }, academyWaitlistMessages.stateRequired],
    ['a missing state', { ...valid, state: undefined }, academyWaitlistMessages.stateRequired],
    ['fields of the wrong type', { ...valid, firstName: 42 }, academyWaitlistMessages.firstNameRequired],
  ])('refuses %s with its message and stores nothing', async (_label, body, message) => {
    await expectRefused(body, message);
  });

  it('accepts every Nigerian state and the FCT', async () => {
    expect(nigerianStates).toHaveLength(37);
    expect(nigerianStates).toContain('Federal Capital Territory');
    const response = await signUp({ ...valid, state: 'Federal Capital Territory' });
    expect(response.status).toBe(201);
  });

  it('accepts an international WhatsApp number in + form', async () => {
    expect((await signUp({ ...valid, whatsapp: '+44 7911 123456' })).status).toBe(201);
    expect((await rows())[0]?.whatsapp).toBe('+447911123456');
  });

  it('refuses malformed JSON with 400 and stores nothing', async () => {
    const response = await signUp('{"firstName": "Ada", ');
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty('message');
    expect(await rows()).toHaveLength(0);
  });

  it('refuses an oversize body with 413 and stores nothing', async () => {
    const response = await signUp({ ...valid, firstName: 'A'.repeat(200 * 1024) });
    expect(response.status).toBe(413);
    expect(await rows()).toHaveLength(0);
  });
});
