import { env, exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { waitlistEntries } from '../../worker/db/schema';
import { nigerianStates, waitlistMessages } from '../../worker/shared/waitlist';

const db = createDb(env.DB);

const valid = { firstName: 'Ada', email: 'ada@example.com', whatsapp: '0803 123 4567', state: 'Lagos' };

function signUp(body: unknown, init: RequestInit = {}) {
  return exports.default.fetch('https://studio.test/api/academy-waitlist', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

const rows = () => db.select().from(waitlistEntries);

async function expectRefused(body: unknown, message: string) {
  const response = await signUp(body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { message: string; issues: unknown[] };
  expect(answer.message).toBe(message);
  expect(answer.issues.length).toBeGreaterThan(0);
  expect(await rows()).toHaveLength(0);
}

beforeEach(async () => {
  await db.delete(waitlistEntries);
});

describe('POST /api/academy-waitlist', () => {
  it('stores a signup with the email trimmed and lower-cased and the number as +234…', async () => {
    const response = await signUp({ ...valid, firstName: '  Ada ', email: '  Ada.Obi@Example.COM ' });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { message: string; position: number; earlyBird: boolean };
    expect(answer).toMatchObject({ position: 1, earlyBird: true });
    expect(answer.message).toContain('one of the first 50');
    const [row] = await rows();
    expect(row).toMatchObject({
      firstName: 'Ada',
      email: 'ada.obi@example.com',
      whatsapp: '+2348031234567',
      state: 'Lagos',
    });
    expect(row?.joinedAt).toMatch(/Z$/);
  });

  it('refuses a second signup with the same email, whatever its case, and keeps one row', async () => {
    expect((await signUp(valid)).status).toBe(201);
    const again = await signUp({ ...valid, email: 'ADA@example.com', firstName: 'Adaeze' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: waitlistMessages.duplicate });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.firstName).toBe('Ada');
  });

  it('tells the 51st signup that the early-bird places are taken', async () => {
    // One row per statement: D1 allows at most 100 bound values in one.
    for (let index = 0; index < 50; index++) {
      await db.insert(waitlistEntries).values({
        firstName: `Early ${index}`,
        email: `early${index}@example.com`,
        whatsapp: '+2348031234567',
        state: 'Lagos',
      });
    }
    const response = await signUp(valid);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { position: number; earlyBird: boolean; message: string };
    expect(answer).toMatchObject({ position: 51, earlyBird: false });
    expect(answer.message).not.toContain('first 50');
  });

  it('gives exact, distinct positions to signups that arrive together', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signUp({ ...valid, email: `together${index}@example.com` })),
    );
    const positions = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { position: number }).position),
    );
    expect(positions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it.each([
    ['a missing first name', { ...valid, firstName: '   ' }, waitlistMessages.firstNameRequired],
    ['a missing email', { ...valid, email: '' }, waitlistMessages.emailRequired],
    ['an invalid email', { ...valid, email: 'ada@example' }, waitlistMessages.emailInvalid],
    ['an email over 254 characters', { ...valid, email: `ada@${'b'.repeat(250)}.com` }, waitlistMessages.emailTooLong],
    [
      'an email username over 64 characters',
      { ...valid, email: `${'a'.repeat(65)}@example.com` },
      waitlistMessages.emailUsernameTooLong,
    ],
    ['a missing WhatsApp number', { ...valid, whatsapp: '' }, waitlistMessages.whatsappRequired],
    ['a WhatsApp number that is not one', { ...valid, whatsapp: '12345' }, waitlistMessages.whatsappInvalid],
    ['a state that is not Nigerian', { ...valid, state: 'Texas' }, waitlistMessages.stateRequired],
    ['a missing state', { ...valid, state: undefined }, waitlistMessages.stateRequired],
    ['fields of the wrong type', { ...valid, firstName: 42 }, waitlistMessages.firstNameRequired],
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
