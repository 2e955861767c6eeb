// Links that open money and personal data do not outlive their use in the outbox: managers never
// read a client's live link on the Messages screen (owners may, while it lives); a day after a
// message is sent, or a week after it was written when it never went, the stored copy keeps
// "[link removed]" in their place; rows go after 12 months.
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../../worker/db/schema';
import { runScheduledTasks, scheduledTasks } from '../../../worker/services/jobs/scheduled';
import { adminCall, db, signIn } from '../admin-harness';
import { account, clearTeamSecurity, cookieOf, get, login } from '../staff/second-factor-harness';

const site = 'http://127.0.0.1:8787';
const manageLink = `${site}/manage-booking/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde`;
const unsubscribeLink = `${site}/unsubscribe?token=eyJ3IjoiMSJ9.c2lnbmF0dXJl`;
const reviewLink = `${site}/review/RrEeVvIiEeWwTtOoKkEeNn0123456789abcdefghijk`;
const cardLink = `${site}/gift-vouchers/card/CcAaRrDdTtOoKkEeNn0123456789abcdefghijklmno`;
const voucherCode = 'ABCD-EFGH-JKMN';
const formLink = `${site}/visit-form/3f2b9c1e-7d4a-4c1b-9e2f-0a1b2c3d4e5f.FfOoRrMmMmAaCc0123456789abcdefghijklmnopq`;
const entryLink = `${site}/time-waitlist/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d.EeNnTtRrYyMmAaCc0123456789abcdefghijklmno`;
const offerLink = `${site}/waitlist-offer/WO-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d.OoFfFfEeRrMmAaCc0123456789abcdefghijkl`;
const signInCode = '407193';
const hour = 3_600_000;

type NewRow = typeof outboxMessages.$inferInsert;
const row = (key: string, fields: Partial<NewRow>): NewRow => ({
  channel: 'email',
  recipient: 'ada@example.com',
  template: 'booking-confirmation',
  subject: 'Your booking',
  text: `Manage booking: ${manageLink}\nUnsubscribe: ${unsubscribeLink}`,
  html: `<a href="${manageLink}">Manage booking</a> <a href="${unsubscribeLink}">Unsubscribe</a>`,
  idempotencyKey: `outbox-links:${key}`,
  ...fields,
});

const ago = (milliseconds: number) => new Date(Date.now() - milliseconds).toISOString();

async function forgetLinksNow() {
  const task = scheduledTasks.filter((candidate) => candidate.name === 'forgetOldMessageLinks');
  expect(task).toHaveLength(1);
  await runScheduledTasks(env, new Date(), task);
}

const stored = async (key: string) =>
  (
    await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.idempotencyKey, `outbox-links:${key}`))
  )[0];

beforeEach(async () => {
  await clearTeamSecurity();
  await db.delete(outboxMessages);
});

describe('the Messages screen', () => {
  it('shows a client’s live links to owners only', async () => {
    const [message] = await db.insert(outboxMessages).values(row('screen', {})).returning();
    await account('manager', 'bisi@outbox.test', env.ADMIN_PASSWORD_PEPPER);
    const manager = cookieOf(await login('bisi@outbox.test', env));
    const owner = await signIn();
    const read = async (cookie: string) =>
      (await (await get(`/api/messages/${message?.id}`, cookie, env)).text()) +
      (await (await get(`/api/messages/${message?.id}/preview`, cookie, env)).text());
    const managerSees = await read(manager);
    expect(managerSees).not.toContain(manageLink);
    expect(managerSees).not.toContain(unsubscribeLink);
    expect(managerSees).toContain('/manage-booking/(hidden)');
    expect(managerSees).toContain('token=(hidden)');
    const ownerSees = await read(owner);
    expect(ownerSees).toContain(manageLink);
    expect(ownerSees).toContain(unsubscribeLink);
    // A review link, a voucher's code and card are shown to no one.
    const [voucher] = await db
      .insert(outboxMessages)
      .values(
        row('voucher', {
          template: 'voucher-delivery',
          text: `Your code ${voucherCode}, your card ${cardLink}, and ${reviewLink}`,
          html: null,
        }),
      )
      .returning();
    const shown = await (await adminCall(owner, `/api/messages/${voucher?.id}`)).text();
    for (const secret of [voucherCode, cardLink, reviewLink]) expect(shown).not.toContain(secret);
  });
});

describe('a client’s own secrets', () => {
  it('shows no role a health form link, a waitlist link or a sign-in code', async () => {
    const [links] = await db
      .insert(outboxMessages)
      .values(
        row('client-links', {
          template: 'time-waitlist-joined',
          text: `Your form: ${formLink}\nYour entry: ${entryLink}\nYour place: ${offerLink}`,
          html: `<a href="${formLink}">Form</a> <a href="${offerLink}">Book</a>`,
        }),
      )
      .returning();
    const [code] = await db
      .insert(outboxMessages)
      .values(
        row('sign-in-code', {
          template: 'account-code',
          subject: `Your sign-in code: ${signInCode}`,
          text: `Your code is ${signInCode}. It works for 10 minutes.`,
          html: `<p style="color:#123456">${signInCode}</p>`,
        }),
      )
      .returning();
    await account('manager', 'bisi@outbox.test', env.ADMIN_PASSWORD_PEPPER);
    const manager = cookieOf(await login('bisi@outbox.test', env));
    const owner = await signIn();
    for (const cookie of [owner, manager]) {
      const seen = [
        await (await get(`/api/messages/${links?.id}`, cookie, env)).text(),
        await (await get(`/api/messages/${links?.id}/preview`, cookie, env)).text(),
        await (await get(`/api/messages/${code?.id}`, cookie, env)).text(),
        await (await get('/api/messages?template=account-code', cookie, env)).text(),
      ].join('\n');
      for (const secret of [formLink, entryLink, offerLink, signInCode]) expect(seen).not.toContain(secret);
      expect(seen).toContain('/visit-form/(hidden)');
      expect(seen).toContain('/waitlist-offer/(hidden)');
      expect(seen).toContain('(code hidden)');
      // A colour in the HTML is not a code.
      expect(seen).toContain('#123456');
    }
  });

  it('keeps none of them in the stored copy a day after sending, subject and WhatsApp parameters included', async () => {
    await db.insert(outboxMessages).values([
      row('client-links-sent', {
        channel: 'whatsapp',
        template: 'waitlist-offer',
        status: 'sent',
        sentAt: ago(25 * hour),
        text: `Book it: ${offerLink} or see ${entryLink}; form ${formLink}`,
        html: null,
        whatsappTemplate: { name: 'waitlist_offer', parameters: ['Ada', 'Mon 10:00', '15', offerLink] },
      }),
      row('sign-in-code-sent', {
        channel: 'whatsapp',
        template: 'account-code',
        status: 'sent',
        sentAt: ago(25 * hour),
        subject: `Your sign-in code: ${signInCode}`,
        text: `Your code is ${signInCode}.`,
        html: null,
        whatsappTemplate: { name: 'account_code', parameters: [signInCode] },
      }),
    ]);
    await forgetLinksNow();
    const links = await stored('client-links-sent');
    expect(links?.text).toBe('Book it: [link removed] or see [link removed]; form [link removed]');
    expect(links?.whatsappTemplate?.parameters).toEqual(['Ada', 'Mon 10:00', '15', '[link removed]']);
    const code = await stored('sign-in-code-sent');
    expect(code?.subject).toBe('Your sign-in code: [code removed]');
    expect(code?.text).toBe('Your code is [code removed].');
    expect(code?.whatsappTemplate?.parameters).toEqual(['[code removed]']);
  });
});

describe('the stored copy', () => {
  it('keeps no live link or code a day after it was sent, or a week after it was written unsent', async () => {
    const whatsappTemplate = { name: 'booking_confirmation', parameters: ['Ada', manageLink, voucherCode] };
    const headers = { 'List-Unsubscribe': `<${unsubscribeLink}>` };
    await db.insert(outboxMessages).values([
      row('sent-25h', { status: 'sent', sentAt: ago(25 * hour), headers }),
      row('sent-23h', { status: 'sent', sentAt: ago(23 * hour) }),
      row('whatsapp-sent', {
        channel: 'whatsapp',
        status: 'sent',
        sentAt: ago(30 * hour),
        whatsappTemplate,
        text: `Code ${voucherCode}, card ${cardLink}, review ${reviewLink}`,
        html: null,
      }),
      row('held-8d', { status: 'held', createdAt: ago(8 * 24 * hour) }),
      row('dead-8d', { status: 'dead', createdAt: ago(8 * 24 * hour) }),
      row('held-6d', { status: 'held', createdAt: ago(6 * 24 * hour) }),
      row('queued-8d', { status: 'queued', createdAt: ago(8 * 24 * hour) }),
    ]);
    await forgetLinksNow();

    const sent = await stored('sent-25h');
    expect(sent?.text).toBe('Manage booking: [link removed]\nUnsubscribe: [link removed]');
    expect(sent?.html).toBe('<a href="[link removed]">Manage booking</a> <a href="[link removed]">Unsubscribe</a>');
    expect(sent?.headers).toEqual({ 'List-Unsubscribe': '<[link removed]>' });
    expect(sent?.linksRemovedAt).not.toBeNull();
    const whatsapp = await stored('whatsapp-sent');
    expect(whatsapp?.text).toBe('Code [code removed], card [link removed], review [link removed]');
    expect(whatsapp?.whatsappTemplate).toEqual({
      name: 'booking_confirmation',
      parameters: ['Ada', '[link removed]', '[code removed]'],
    });
    for (const key of ['held-8d', 'dead-8d']) expect((await stored(key))?.text).not.toContain(manageLink);
    // Still within their time, or still on their way: untouched.
    for (const key of ['sent-23h', 'held-6d', 'queued-8d']) {
      const kept = await stored(key);
      expect(kept?.text, key).toContain(manageLink);
      expect(kept?.linksRemovedAt, key).toBeNull();
    }
  });

  it('is deleted 12 months after it was written', async () => {
    await db
      .insert(outboxMessages)
      .values([
        row('13-months', { status: 'sent', sentAt: ago(395 * 24 * hour), createdAt: ago(395 * 24 * hour) }),
        row('11-months', { status: 'sent', sentAt: ago(330 * 24 * hour), createdAt: ago(330 * 24 * hour) }),
      ]);
    await forgetLinksNow();
    const left = await db
      .select({ key: outboxMessages.idempotencyKey, text: outboxMessages.text })
      .from(outboxMessages)
      .where(inArray(outboxMessages.idempotencyKey, ['outbox-links:13-months', 'outbox-links:11-months']));
    expect(left).toEqual([
      { key: 'outbox-links:11-months', text: 'Manage booking: [link removed]\nUnsubscribe: [link removed]' },
    ]);
  });
});
