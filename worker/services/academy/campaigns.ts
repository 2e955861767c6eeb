/**
 * Bulk sends to the academy waitlist. A campaign is a row (channel, subject, text, how many it is
 * for) and one outbox message per subscriber who confirmed and has not unsubscribed, keyed by campaign and
 * subscriber, so queueing it twice sends nobody two. Its progress is counted from the outbox.
 */
import { and, desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { academyWaitlistEntries, campaigns, outboxMessages } from '../../db/schema';
import type { StudioDetails } from '../../messages/layout';
import { isoBefore } from '../../shared/time';
import { type NewMessage, queueMessages } from '../outbox/outbox';
import { unsubscribeToken } from './unsubscribe';

export type Channel = (typeof campaigns.$inferSelect)['channel'];

/**
 * Who a campaign goes to: confirmed addresses (double opt-in) that have not unsubscribed; by
 * WhatsApp, only numbers that have written to the studio themselves (until then, email alone).
 */
const receivesCampaigns = (channel: Channel) =>
  and(
    isNotNull(academyWaitlistEntries.confirmedAt),
    isNull(academyWaitlistEntries.unsubscribedAt),
    channel === 'whatsapp' ? isNotNull(academyWaitlistEntries.whatsappConfirmedAt) : undefined,
  );

export async function createCampaign(db: Database, channel: Channel, subject: string, text: string) {
  const [subscribers] = await db
    .select({ value: sql<number>`count(*)` })
    .from(academyWaitlistEntries)
    .where(receivesCampaigns(channel));
  const [campaign] = await db
    .insert(campaigns)
    .values({ channel, subject, text, total: Number(subscribers?.value ?? 0) })
    .returning();
  if (!campaign) throw new Error('The campaign was not created');
  return campaign;
}

/** The campaign's messages, one per subscriber still subscribed. */
export async function campaignMessages(
  db: Database,
  campaign: typeof campaigns.$inferSelect,
  studio: StudioDetails,
  secret: string,
): Promise<NewMessage[]> {
  const subscribers = await db.select().from(academyWaitlistEntries).where(receivesCampaigns(campaign.channel));
  const { campaignEmail } = await import('../../messages/templates/academy-waitlist');
  const messages: NewMessage[] = [];
  for (const subscriber of subscribers) {
    const token = encodeURIComponent(await unsubscribeToken(subscriber.id, secret));
    const rendered = await campaignEmail(
      subscriber.firstName,
      campaign.subject,
      campaign.text,
      `${studio.siteUrl}/unsubscribe?token=${token}`,
      studio,
    );
    const common = {
      template: 'campaign' as const,
      subject: rendered.subject,
      text: rendered.text,
      campaignId: campaign.id,
      idempotencyKey: `campaign:${campaign.id}:${subscriber.id}`,
    };
    messages.push(
      campaign.channel === 'email'
        ? {
            ...common,
            channel: 'email',
            recipient: subscriber.email,
            html: rendered.html,
            headers: listUnsubscribeHeaders(`${studio.siteUrl}/api/unsubscribe/one-click?token=${token}`),
          }
        : {
            ...common,
            channel: 'whatsapp',
            recipient: subscriber.whatsapp,
            whatsappTemplate: rendered.whatsapp ?? null,
          },
    );
  }
  return messages;
}

export interface CampaignProgress {
  _id: string;
  channel: Channel;
  subject: string;
  total: number;
  queued: number;
  sent: number;
  failed: number;
  dead: number;
  held: number;
  createdAt: string;
}

const progressColumns = {
  queued: sql<number>`coalesce(sum(${outboxMessages.status} = 'queued'), 0)`,
  sent: sql<number>`coalesce(sum(${outboxMessages.status} = 'sent'), 0)`,
  failed: sql<number>`coalesce(sum(${outboxMessages.status} = 'failed'), 0)`,
  dead: sql<number>`coalesce(sum(${outboxMessages.status} = 'dead'), 0)`,
  held: sql<number>`coalesce(sum(${outboxMessages.status} = 'held'), 0)`,
};

function toProgress(
  row: typeof campaigns.$inferSelect & Record<keyof typeof progressColumns, number>,
): CampaignProgress {
  return {
    _id: row.id,
    channel: row.channel,
    subject: row.subject,
    total: row.total,
    queued: Number(row.queued),
    sent: Number(row.sent),
    failed: Number(row.failed),
    dead: Number(row.dead),
    held: Number(row.held),
    createdAt: row.createdAt,
  };
}

const progressQuery = (db: Database) =>
  db
    .select({ ...getTableColumns(campaigns), ...progressColumns })
    .from(campaigns)
    .leftJoin(outboxMessages, eq(outboxMessages.campaignId, campaigns.id))
    .groupBy(campaigns.id);

export async function campaignProgress(db: Database, id: string): Promise<CampaignProgress | undefined> {
  const [row] = await progressQuery(db).where(eq(campaigns.id, id));
  return row ? toProgress(row) : undefined;
}

export async function listCampaigns(db: Database): Promise<CampaignProgress[]> {
  const rows = await progressQuery(db).orderBy(desc(campaigns.createdAt)).limit(20);
  return rows.map(toProgress);
}

/** A campaign younger than this whose messages are not all written yet is written again by the cron. */
const RESUME_WITHIN_HOURS = 24;
const RESUME_AFTER_MINUTES = 10;

/**
 * The cron's campaign work: a campaign whose fan-out stopped part way (the request's background
 * work was cut short) has its missing messages written and queued. Keys make this safe to repeat.
 */
export async function resumeCampaigns(
  db: Database,
  queue: Queue,
  now: Date,
  studio: StudioDetails,
  secret: string,
): Promise<void> {
  const from = isoBefore(now, RESUME_WITHIN_HOURS, 'hours');
  const until = isoBefore(now, RESUME_AFTER_MINUTES, 'minutes');
  const unfinished = await db
    .select({ ...getTableColumns(campaigns), written: sql<number>`count(${outboxMessages.id})` })
    .from(campaigns)
    .leftJoin(outboxMessages, eq(outboxMessages.campaignId, campaigns.id))
    .where(sql`${campaigns.createdAt} between ${from} and ${until}`)
    .groupBy(campaigns.id)
    .having(sql`count(${outboxMessages.id}) < ${campaigns.total}`);
  for (const { written: _written, ...campaign } of unfinished) {
    await queueMessages(db, queue, await campaignMessages(db, campaign, studio, secret));
  }
}

/**
 * One-click unsubscribe (RFC 8058): mail apps show an Unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the URL. Email Service takes HTTPS URLs only, so a local
 * (http) install sends none.
 */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> | null {
  if (!oneClickUrl.startsWith('https://')) return null;
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
