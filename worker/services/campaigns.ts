/**
 * Bulk sends to the academy waitlist. A campaign is a row (channel, subject, text, how many it is
 * for) and one outbox message per subscriber who has not unsubscribed, keyed by campaign and
 * subscriber, so queueing it twice sends nobody two. Its progress is counted from the outbox.
 */
import { desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, outboxMessages, waitlistEntries } from '../db/schema';
import type { StudioDetails } from '../messages/layout';
import { campaignEmail } from '../messages/templates';
import type { NewMessage } from './outbox';
import { unsubscribeToken } from './unsubscribe';

export type Channel = (typeof campaigns.$inferSelect)['channel'];

export async function createCampaign(db: Database, channel: Channel, subject: string, text: string) {
  const [subscribers] = await db
    .select({ value: sql<number>`count(*)` })
    .from(waitlistEntries)
    .where(isNull(waitlistEntries.unsubscribedAt));
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
  const subscribers = await db.select().from(waitlistEntries).where(isNull(waitlistEntries.unsubscribedAt));
  const messages: NewMessage[] = [];
  for (const subscriber of subscribers) {
    const token = await unsubscribeToken(subscriber.id, secret);
    const rendered = campaignEmail(
      subscriber.firstName,
      campaign.subject,
      campaign.text,
      `${studio.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
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
        ? { ...common, channel: 'email', recipient: subscriber.email, html: rendered.html }
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
