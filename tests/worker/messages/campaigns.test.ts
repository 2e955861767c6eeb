import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { academyWaitlistEntries, campaigns, outboxMessages } from '../../../worker/db/schema';
import { createWhatsAppClient } from '../../../worker/providers/whatsapp';
import { unsubscribeMessages } from '../../../worker/routes/academy/academy-waitlist';
import { campaignMessagesText } from '../../../worker/routes/academy/campaigns';
import { type CampaignProgress, campaignMessages, resumeCampaigns } from '../../../worker/services/academy/campaigns';
import { unsubscribeToken } from '../../../worker/services/academy/unsubscribe';
import { deliver, MAX_ATTEMPTS, type Senders } from '../../../worker/services/jobs/message-queue';
import { studioDetails } from '../../../worker/services/outbox/notifications';
import { queueMessages } from '../../../worker/services/outbox/outbox';
import { campaignDefaults } from '../../../worker/shared/academy/campaign';
import { FakeEmailSender } from '../../fakes/email';
import { FakeWhatsApp } from '../../fakes/whatsapp';
import { adminCall, call, clearData, db, signIn } from '../admin-harness';

let cookie: string;
beforeAll(async () => {
  cookie = await signIn();
});
beforeEach(async () => {
  await db.delete(outboxMessages);
  await db.delete(campaigns);
  await clearData();
});

async function subscribers(count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    firstName: `Guest${index}`,
    email: `guest${index}@example.com`,
    whatsapp: `+234803${String(index).padStart(7, '0')}`,
    state: 'Lagos',
    confirmedAt: '2026-11-01T10:00:00.000Z',
    // Their numbers have written to the studio: WhatsApp campaigns reach them too.
    whatsappConfirmedAt: '2026-11-02T10:00:00.000Z',
  }));
  for (let start = 0; start < rows.length; start += 10)
    await db.insert(academyWaitlistEntries).values(rows.slice(start, start + 10));
}

const campaignRows = (campaignId: string) =>
  db.select().from(outboxMessages).where(eq(outboxMessages.campaignId, campaignId));

const progress = async (id: string) =>
  (await (await adminCall(cookie, `/api/campaigns/${id}`)).json()) as CampaignProgress;

describe('POST /api/send-bulk-email', () => {
  it('creates a campaign, answers at once with its total, and queues one email per subscriber', async () => {
    await subscribers(3);
    const response = await adminCall(cookie, '/api/send-bulk-email', 'POST', {
      subject: 'Classes open in March',
      text: 'First paragraph.\n\nSecond one.',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      message: string;
      campaign: { _id: string; total: number };
    };
    expect(body).toMatchObject({
      success: true,
      message: campaignMessagesText.started(3, 'email'),
      campaign: { total: 3 },
    });
    const rows = await campaignRows(body.campaign._id);
    expect(rows.map((row) => row.recipient).sort()).toEqual([
      'guest0@example.com',
      'guest1@example.com',
      'guest2@example.com',
    ]);
    const [first] = rows;
    expect(first?.subject).toBe('Classes open in March');
    expect(first?.text).toContain('Second one.');
    expect(first?.text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:8787\/unsubscribe\?token=/);
    expect(first?.html).toContain('Unsubscribe</a>');
  });

  it('uses the academy-update default without a body, and refuses a subject that is too long', async () => {
    await subscribers(1);
    const response = await adminCall(cookie, '/api/send-bulk-email', 'POST');
    const { campaign } = (await response.json()) as { campaign: { _id: string } };
    expect((await campaignRows(campaign._id))[0]?.subject).toBe(campaignDefaults.subject);
    const tooLong = await adminCall(cookie, '/api/send-bulk-email', 'POST', { subject: 'x'.repeat(151) });
    expect(tooLong.status).toBe(400);
    expect(await db.select().from(campaigns)).toHaveLength(1);
  });

  it('sends nobody two of one campaign, even if its messages are queued again', async () => {
    await subscribers(2);
    const { campaign } = (await (await adminCall(cookie, '/api/send-bulk-email', 'POST')).json()) as {
      campaign: { _id: string };
    };
    const { campaignMessages } = await import('../../../worker/services/academy/campaigns');
    const { queueMessages } = await import('../../../worker/services/outbox/outbox');
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaign._id));
    if (!row) throw new Error('no campaign');
    const again = await campaignMessages(
      db,
      row,
      { phone: '', email: '', address: '', siteUrl: 'https://x' },
      'pepper',
    );
    expect(await queueMessages(db, env.MESSAGES, again)).toBe(0);
    expect(await campaignRows(campaign._id)).toHaveLength(2);
  });
});

describe('a bulk send to 1,000 subscribers with the providers failing 30% of the time', () => {
  const whatsappApi = new FakeWhatsApp('https://graph.whatsapp.fake/v21.0', 'wa-token', '5550001');
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    whatsappApi.reset();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return whatsappApi.handles(request.url) ? whatsappApi.fetch(request) : realFetch(request);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it.each(['email', 'whatsapp'] as const)(
    'ends by %s with every message sent or dead, and nobody sent two',
    async (channel) => {
      await subscribers(1_000);
      const email = new FakeEmailSender();
      email.failRate = 0.3;
      whatsappApi.failRate = 0.3;
      const senders: Senders = {
        email,
        whatsapp: createWhatsAppClient({
          baseUrl: whatsappApi.baseUrl,
          token: whatsappApi.token,
          phoneNumberId: whatsappApi.phoneNumberId,
        }),
      };
      const path = channel === 'email' ? '/api/send-bulk-email' : '/api/send-whatsapp-bulk';
      const { campaign } = (await (await adminCall(cookie, path, 'POST')).json()) as {
        campaign: { _id: string; total: number };
      };
      expect(campaign.total).toBe(1_000);

      // The queue's work, done here in rounds: every queued or failed row is delivered, each queue
      // message possibly twice (queues deliver at least once).
      for (let round = 0; round < MAX_ATTEMPTS; round++) {
        const open = await db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(
            sql`${outboxMessages.campaignId} = ${campaign._id} and ${outboxMessages.status} in ('queued', 'failed')`,
          );
        for (const { id } of open) {
          await deliver(db, senders, id, new Date());
          if (Math.random() < 0.1) await deliver(db, senders, id, new Date()); // a duplicate delivery
        }
      }
      const counts = await progress(campaign._id);
      expect(counts.sent + counts.dead).toBe(1_000);
      expect(counts.queued + counts.failed + counts.held).toBe(0);
      const recipients =
        channel === 'email' ? email.sent.map((sent) => sent.to) : whatsappApi.sent.map((sent) => sent.to);
      expect(recipients).toHaveLength(counts.sent);
      expect(new Set(recipients).size).toBe(recipients.length);
      expect(counts.sent).toBeGreaterThan(980); // 0.3^5 of 1,000 is about 2.4
    },
    // A thousand sends with retries: seconds of work, more when the browser tests share the machine.
    90_000,
  );
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('gives each bulk email List-Unsubscribe headers whose URL unsubscribes with a one-click POST from the mail app', async () => {
    await subscribers(1);
    const [campaign] = await db
      .insert(campaigns)
      .values({ channel: 'email', subject: 'News', text: 'Hello.' })
      .returning();
    if (!campaign) throw new Error('no campaign');
    const studio = { ...studioDetails(env), siteUrl: 'https://studio.example.ng' };
    const [message] = await campaignMessages(db, campaign, studio, env.LINK_SECRET);
    const headers = message?.headers ?? {};
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/studio\.example\.ng\/api\/unsubscribe\/one-click\?token=[^>]+)>$/.exec(
      headers['List-Unsubscribe'] ?? '',
    )?.[1];
    expect(oneClick).toBeDefined();

    // The queue hands them to the email sender with the message.
    if (!message) throw new Error('no message');
    await queueMessages(db, env.MESSAGES, [message]);
    const [row] = await campaignRows(campaign.id);
    const email = new FakeEmailSender();
    await deliver(db, { email }, row?.id ?? '', new Date());
    expect(email.sent[0]?.headers).toEqual(headers);

    // The mail app's POST: a form, no Origin, the token in the URL.
    const url = new URL(oneClick ?? '');
    const post = () =>
      call(`${url.pathname}${url.search}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect(await (await post()).json()).toEqual({ success: true });
    expect((await post()).status).toBe(200);
    const [guest] = await db.select().from(academyWaitlistEntries);
    expect(guest?.unsubscribedAt).toEqual(expect.any(String));
    const forged = await call('/api/unsubscribe/one-click?token=nonsense', {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
  });

  it('sends none from a local (http) install: Email Service takes HTTPS links only', async () => {
    await subscribers(1);
    const [campaign] = await db
      .insert(campaigns)
      .values({ channel: 'email', subject: 'News', text: 'Hi.' })
      .returning();
    if (!campaign) throw new Error('no campaign');
    const [message] = await campaignMessages(db, campaign, studioDetails(env), env.LINK_SECRET);
    expect(message?.headers).toBeNull();
  });
});

describe('unsubscribing', () => {
  it('takes a subscriber out of later bulk sends, answers the same for a used token, and refuses a forged one', async () => {
    await subscribers(2);
    const [guest] = await db
      .select()
      .from(academyWaitlistEntries)
      .where(eq(academyWaitlistEntries.email, 'guest0@example.com'));
    if (!guest) throw new Error('no guest');
    const token = await unsubscribeToken(guest.id, env.LINK_SECRET);
    const post = (body: unknown) =>
      call('/api/unsubscribe', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(await (await post({ token })).json()).toEqual({ success: true });
    expect(await (await post({ token })).json()).toEqual({ success: true });
    for (const forged of [`${guest.id}.AAAA`, `${guest.id}x.${token.split('.')[1]}`, 'nonsense', '']) {
      const response = await post({ token: forged });
      expect(response.status, forged).toBe(400);
      expect(await response.json()).toMatchObject({ message: unsubscribeMessages.invalid });
    }

    const { campaign } = (await (await adminCall(cookie, '/api/send-bulk-email', 'POST')).json()) as {
      campaign: { _id: string; total: number };
    };
    expect(campaign.total).toBe(1);
    expect((await campaignRows(campaign._id)).map((row) => row.recipient)).toEqual(['guest1@example.com']);
    const list = (await (await adminCall(cookie, '/api/academy-waitlist')).json()) as {
      waitlist: Array<{ email: string; unsubscribedAt: string | null }>;
      totalSubscribers: number;
    };
    expect(list.totalSubscribers).toBe(2);
    expect(list.waitlist.find((entry) => entry.email === 'guest0@example.com')?.unsubscribedAt).toEqual(
      expect.any(String),
    );
  });
});

describe('GET /api/messages', () => {
  it('lists the outbox newest first with filters, and opens one message with its text and HTML', async () => {
    await subscribers(2);
    await adminCall(cookie, '/api/send-bulk-email', 'POST');
    await adminCall(cookie, '/api/send-whatsapp-bulk', 'POST');
    const all = (await (await adminCall(cookie, '/api/messages')).json()) as {
      messages: Array<{ _id: string; channel: string }>;
      total: number;
    };
    expect(all.total).toBe(4);
    const emails = (await (
      await adminCall(cookie, '/api/messages?channel=email&template=campaign')
    ).json()) as typeof all;
    expect(emails.total).toBe(2);
    expect(emails.messages.every((message) => message.channel === 'email')).toBe(true);
    expect((await adminCall(cookie, '/api/messages?status=lost')).status).toBe(400);

    const id = emails.messages[0]?._id ?? '';
    const one = (await (await adminCall(cookie, `/api/messages/${id}`)).json()) as {
      html: string;
      text: string;
      to: string;
    };
    expect(one.html).toContain('<!DOCTYPE html>');
    expect(one.to).toMatch(/@example\.com$/);
    const preview = await adminCall(cookie, `/api/messages/${id}/preview`);
    expect(preview.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(preview.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect((await adminCall(cookie, '/api/messages/nope')).status).toBe(404);
  });
});

describe('a campaign cut short', () => {
  it('has its missing messages written by the cron, once', async () => {
    await subscribers(3);
    const [campaign] = await db
      .insert(campaigns)
      .values({
        channel: 'email',
        subject: 'Cut short',
        text: 'Hello',
        total: 3,
        createdAt: '2026-11-22T08:00:00.000Z',
      })
      .returning();
    if (!campaign) throw new Error('no campaign');
    const now = new Date('2026-11-22T09:00:00.000Z');
    await resumeCampaigns(db, env.MESSAGES, now, studioDetails(env), env.LINK_SECRET);
    await resumeCampaigns(db, env.MESSAGES, now, studioDetails(env), env.LINK_SECRET);
    expect(await campaignRows(campaign.id)).toHaveLength(3);
    // Too young (the request may still be writing) or too old: left alone.
    const [young] = await db
      .insert(campaigns)
      .values({ channel: 'email', subject: 'Young', text: 'Hello', total: 3, createdAt: '2026-11-22T08:55:00.000Z' })
      .returning();
    await resumeCampaigns(db, env.MESSAGES, now, studioDetails(env), env.LINK_SECRET);
    expect(await campaignRows(young?.id ?? '')).toHaveLength(0);
  });
});
