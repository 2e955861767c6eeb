import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../../env';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { validate } from '../../middleware/validate';
import {
  type Channel,
  campaignMessages,
  campaignProgress,
  createCampaign,
  listCampaigns,
} from '../../services/academy/campaigns';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { campaignDefaults, WHATSAPP_CAMPAIGN_LIMIT, whatsappCampaignText } from '../../shared/academy/campaign';
import { multiLine, singleLine } from '../../shared/plain-text';
import { routeGroup } from '../route-group';

export const campaignMessagesText = {
  started: (total: number, channel: Channel) =>
    `Sending to ${total} subscriber${total === 1 ? '' : 's'} by ${channel === 'email' ? 'email' : 'WhatsApp'}.`,
  notFound: 'That campaign does not exist.',
  whatsappTooLong: `A WhatsApp message can hold about ${WHATSAPP_CAMPAIGN_LIMIT} characters: please shorten it, or send it by email.`,
} as const;

/** The optional subject and text staff give (a request with no body at all gets the defaults). */
const bulkBody = () =>
  z.object({
    subject: z.optional(
      z.string().check(singleLine(), z.trim(), z.maxLength(150, 'The subject can be at most 150 characters')),
    ),
    text: z.optional(
      z.string().check(multiLine(), z.trim(), z.maxLength(5_000, 'The message can be at most 5,000 characters')),
    ),
  });

/** A WhatsApp campaign is one template message each: its text must fit in one. */
const whatsappBulkBody = () =>
  bulkBody().check(
    z.refine((input) => whatsappCampaignText(input.text || campaignDefaults.text).length <= WHATSAPP_CAMPAIGN_LIMIT, {
      message: campaignMessagesText.whatsappTooLong,
      path: ['text'],
    }),
  );

/** Staff only: bulk email and WhatsApp to the academy waitlist, and their progress. */
export const campaignRoutes = routeGroup()
  .post('/send-bulk-email', sameOriginJson, validate('json', bulkBody), (c) =>
    startCampaign(c, 'email', c.req.valid('json')),
  )
  .post('/send-whatsapp-bulk', sameOriginJson, validate('json', whatsappBulkBody), (c) =>
    startCampaign(c, 'whatsapp', c.req.valid('json')),
  )
  .get('/campaigns', async (c) => c.json(await listCampaigns(c.var.db)))
  .get('/campaigns/:id', async (c) => {
    const progress = await campaignProgress(c.var.db, c.req.param('id'));
    return progress ? c.json(progress) : c.json({ message: campaignMessagesText.notFound }, 404);
  });

/**
 * Creates the campaign and answers at once; rendering and queueing one message per subscriber
 * carries on after the response.
 */
async function startCampaign(c: Context<AppEnv>, channel: Channel, input: z.output<ReturnType<typeof bulkBody>>) {
  const subject = input.subject || campaignDefaults.subject;
  const text = input.text || campaignDefaults.text;
  const campaign = await createCampaign(c.var.db, channel, subject, text);
  afterResponse(
    c,
    campaignMessages(c.var.db, campaign, studioDetails(c.env), c.env.LINK_SECRET).then((messages) =>
      queueMessages(c.var.db, c.env.MESSAGES, messages),
    ),
  );
  return c.json({
    success: true as const,
    message: campaignMessagesText.started(campaign.total, channel),
    campaign: { _id: campaign.id, total: campaign.total },
  });
}
