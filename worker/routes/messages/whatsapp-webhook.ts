import { scopeOf } from '../../middleware/scope';
import { incomingTexts, isValidMetaSignature } from '../../providers/whatsapp';
import { confirmWhatsapp, unsubscribeWhatsapp } from '../../services/academy/academy-waitlist';
import { confirmEntriesByWhatsapp, leaveByWhatsapp } from '../../services/time-waitlist/time-waitlist';
import { routeGroup } from '../route-group';

/** What a subscriber replies to stop campaigns (any case, alone in the message). */
const stopWords = new Set(['STOP', 'UNSUBSCRIBE']);

/**
 * Meta's WhatsApp webhook: the subscription handshake (GET, answered with the challenge when the
 * verify token matches WHATSAPP_VERIFY_TOKEN) and incoming messages (POST, signed with the app
 * secret). A "STOP" reply takes the number off the waitlist's campaigns and out of the line for
 * full times; any other message (or a template's button) shows the number is the subscriber's
 * own: WhatsApp campaigns may go to it, and its waiting entries for full times are confirmed. Without the secrets every request is refused.
 */
export const whatsappWebhookRoutes = routeGroup()
  .get('/whatsapp/webhook', (c) => {
    const token = c.env.WHATSAPP_VERIFY_TOKEN;
    const verified = token && c.req.query('hub.mode') === 'subscribe' && c.req.query('hub.verify_token') === token;
    return verified ? c.text(c.req.query('hub.challenge') ?? '') : c.json({ message: 'Forbidden' }, 403);
  })
  .post('/whatsapp/webhook', async (c) => {
    const rawBody = await c.req.text();
    if (!(await isValidMetaSignature(rawBody, c.req.header('X-Hub-Signature-256'), c.env.WHATSAPP_APP_SECRET))) {
      return c.json({ message: 'Invalid signature' }, 401);
    }
    const scope = scopeOf(c);
    const { db, now } = scope;
    const freed = new Set<string>();
    for (const message of incomingTexts(safeJson(rawBody))) {
      if (stopWords.has(message.body.trim().toUpperCase())) {
        await unsubscribeWhatsapp(db, message.from, now);
        for (const date of await leaveByWhatsapp(db, message.from, now)) freed.add(date);
      } else {
        await confirmWhatsapp(db, message.from, now);
        for (const date of await confirmEntriesByWhatsapp(db, message.from, now)) freed.add(date);
      }
    }
    // Newly confirmed entries may be offered a free place, and places STOP withdrew go to the next.
    if (freed.size > 0) scope.timeFreed([...freed]);
    return c.json({ received: true });
  });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
