// Links that open money and personal data do not outlive their use in the outbox: managers never
// read a client's live link on the Messages screen (owners may, while it lives); a day after a
// message is sent, or a week after it was written when it never went, the stored copy keeps
// "[link removed]" in their place; rows go after 12 months.
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../worker/db/schema';
import { runScheduledTasks, scheduledTasks } from '../../worker/services/scheduled';
import { adminCall, db, signIn } from './admin-harness';
import { account, clearTeamSecurity, cookieOf, get, login } from './second-factor-harness';

const site = 'http://127.0.0.1:8787';
const manageLink = `${site}/manage-booking/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde`;
const unsubscribeLink = `${site}/unsubscribe?token=eyJ3IjoiMSJ9.c2lnbmF0dXJl`;
const reviewLink = `${site}/review/RrEeVvIiEeWwTtOoKkEeNn0123456789abcdefghijk`;
const cardLink = `${site}/gift-vouchers/card/CcAaRrDdTtOoKkEeNn0123456789abcdefghijklmno`;
const voucherCode = 'ABCD-EFGH-JKMN';
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
