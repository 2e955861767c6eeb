// WhatsApp campaigns say how to stop, and a STOP reply through Meta's signed webhook unsubscribes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { academyWaitlistEntries, campaigns, outboxMessages } from '../../../worker/db/schema';
import type { Bindings } from '../../../worker/env';
import { campaignMessagesText } from '../../../worker/routes/academy/campaigns';
import { WHATSAPP_STOP_LINE, whatsappCampaignText } from '../../../worker/shared/academy/campaign';
import { hmacHex } from '../../fakes/hmac';
import { metaWebhook } from '../../fakes/whatsapp';
import { adminCall, call, clearData, db, signIn } from '../admin-harness';

const appSecret = 'meta-app-secret-for-tests';
const verifyToken = 'meta-verify-token-for-tests';
const metaEnv: Bindings = { ...env, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken };

const deliver = async (body: string, signature: string | undefined, environment = metaEnv) =>
  call(
    '/api/whatsapp/webhook',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Hub-Signature-256': signature } : {}) },
      body,
    },
    environment,
  );

const entryOf = async (whatsapp: string) =>
  (await db.select().from(academyWaitlistEntries).where(eq(academyWaitlistEntries.whatsapp, whatsapp)))[0];

const confirmed = '2026-11-01T10:00:00.000Z';
let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await db.delete(outboxMessages);
  await db.delete(campaigns);
  await clearData();
  // Both have written to the studio on WhatsApp already.
  const reached = { confirmedAt: confirmed, whatsappConfirmedAt: confirmed };
  await db.insert(academyWaitlistEntries).values([
    { firstName: 'Ada', email: 'ada@example.com', whatsapp: '+2348031234567', state: 'Lagos', ...reached },
    { firstName: 'Bola', email: 'bola@example.com', whatsapp: '+2348039876543', state: 'Oyo', ...reached },
  ]);
});

describe('the WhatsApp webhook', () => {
  it('answers Meta’s subscription handshake only with the verify token', async () => {
    const handshake = (token: string, environment = metaEnv) =>
      call(
        `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
        {},
        environment,
      );
    const ok = await handshake(verifyToken);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await handshake('guess')).status).toBe(403);
    expect((await handshake('', env)).status).toBe(403);
  });

  it('unsubscribes the number that replies STOP (any case), and only on a valid signature', async () => {
    const stop = await metaWebhook('2348031234567', '  stop ', appSecret);
    const forged = await metaWebhook('2348031234567', '  stop ', 'another-secret');
    expect((await deliver(stop.body, forged.signature)).status).toBe(401);
    expect((await deliver(stop.body, undefined)).status).toBe(401);
    expect((await deliver(stop.body, stop.signature, env)).status).toBe(401); // no app secret configured
    expect((await entryOf('+2348031234567'))?.unsubscribedAt).toBeNull();

    const answer = await deliver(stop.body, stop.signature);
    expect(answer.status).toBe(200);
    expect((await entryOf('+2348031234567'))?.unsubscribedAt).toEqual(expect.any(String));
    expect((await entryOf('+2348039876543'))?.unsubscribedAt).toBeNull();

    // Any other reply changes nothing.
    const chat = await metaWebhook('2348039876543', 'Please stop by on Friday?', appSecret);
    expect((await deliver(chat.body, chat.signature)).status).toBe(200);
    expect((await entryOf('+2348039876543'))?.unsubscribedAt).toBeNull();

    // The next WhatsApp campaign leaves the number out.
    const response = await adminCall(cookie, '/api/send-whatsapp-bulk', 'POST');
    const { campaign } = (await response.json()) as { campaign: { total: number } };
    expect(campaign.total).toBe(1);
  });
});

describe('a number typed into the waitlist form', () => {
  it('gets WhatsApp campaigns only once it has written to the studio; email until then', async () => {
    await db.insert(academyWaitlistEntries).values({
      firstName: 'Chidi',
      email: 'chidi@example.com',
      whatsapp: '+2348051112222',
      state: 'Enugu',
      confirmedAt: confirmed,
    });
    const total = async (path: string) =>
      ((await (await adminCall(cookie, path, 'POST')).json()) as { campaign: { total: number } }).campaign.total;
    expect(await total('/api/send-whatsapp-bulk')).toBe(2);
    expect(await total('/api/send-bulk-email')).toBe(3);
    const listed = (await (await adminCall(cookie, '/api/academy-waitlist')).json()) as {
      waitlist: Array<{ firstName: string; whatsappConfirmedAt: string | null }>;
    };
    expect(listed.waitlist.find((entry) => entry.firstName === 'Chidi')?.whatsappConfirmedAt).toBeNull();

    // A STOP from the number is no opt-in; any other message (here a template's button) is.
    const stop = await metaWebhook('2348051112222', 'STOP', appSecret);
    expect((await deliver(stop.body, stop.signature)).status).toBe(200);
    expect((await entryOf('+2348051112222'))?.whatsappConfirmedAt).toBeNull();
    await db
      .update(academyWaitlistEntries)
      .set({ unsubscribedAt: null })
      .where(eq(academyWaitlistEntries.whatsapp, '+2348051112222'));
    const button = JSON.stringify({
      entry: [
        {
          changes: [
            { value: { messages: [{ from: '2348051112222', type: 'button', button: { text: 'Yes please' } }] } },
          ],
        },
      ],
    });
    const signature = `sha256=${await hmacHex('SHA-256', appSecret, button)}`;
    expect((await deliver(button, signature)).status).toBe(200);
    expect((await entryOf('+2348051112222'))?.whatsappConfirmedAt).toEqual(expect.any(String));
    expect(await total('/api/send-whatsapp-bulk')).toBe(3);
  });
});

describe('a WhatsApp campaign', () => {
  it('puts its paragraphs on one line, as WhatsApp requires, and ends with how to stop', async () => {
    const text = 'First paragraph,\nwith a line break.\n\n\tSecond     one.';
    expect(whatsappCampaignText(text)).toBe(
      `First paragraph, with a line break. · Second   one. · ${WHATSAPP_STOP_LINE}`,
    );
    const response = await adminCall(cookie, '/api/send-whatsapp-bulk', 'POST', { subject: 'News', text });
    expect(response.status).toBe(200);
    const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'whatsapp'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [, body] = row.whatsappTemplate?.parameters ?? [];
      expect(body).toBe(whatsappCampaignText(text));
      expect(body).not.toMatch(/[\n\t]| {4}/);
    }
  });

  it('refuses a text too long for one WhatsApp message, and sends nothing', async () => {
    const response = await adminCall(cookie, '/api/send-whatsapp-bulk', 'POST', { text: 'Long news. '.repeat(100) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: campaignMessagesText.whatsappTooLong });
    expect(await db.select().from(campaigns)).toHaveLength(0);
  });
});
