import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { clientNetwork } from '../../middleware/client-network';
import { rateLimit } from '../../middleware/rate-limit';
import { scopeOf } from '../../middleware/scope';
import { validate } from '../../middleware/validate';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import { offerPage } from '../../services/pages/time-waitlist-offer-page';
import { keyedDigest } from '../../services/signing';
import {
  confirmEntry,
  findEntry,
  joinTimeWaitlist,
  leaveTimeWaitlist,
  listTimeWaitlist,
} from '../../services/time-waitlist/time-waitlist';
import {
  entryOfToken,
  entryPath,
  entryToken,
  offerOfToken,
  offerPath,
  offerToken,
} from '../../services/time-waitlist/time-waitlist-links';
import { timeWaitlistJoinedMessages } from '../../services/time-waitlist/time-waitlist-messages';
import { endOffer, offerPlaceByHand } from '../../services/time-waitlist/time-waitlist-offers';
import { anyStartTimes } from '../../shared/bookings/schedule';
import { dayPartLabels, timeWaitlistJoinSchema, timeWaitlistMessages } from '../../shared/bookings/time-waitlist';
import { isIsoDate } from '../../shared/time';
import { routeGroup } from '../route-group';

const dayQuery = () => z.object({ date: z.optional(z.string().check(z.refine(isIsoDate, 'Please choose a date'))) });

const offerBody = () =>
  z.object({
    date: z.string({ error: 'Please choose a date' }).check(z.refine(isIsoDate, 'Please choose a date')),
    time: z.enum(anyStartTimes as [string, ...string[]], { error: 'Please choose one of the listed times.' }),
    therapistId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  });

const noStore = { 'Cache-Control': 'no-store' };

/**
 * The waitlist for full times. Public: joining, the client's own entry through its private link
 * (see, confirm, leave), and an offer's page (see, decline; "Book and pay" is a booking payment naming the
 * offer). Staff: who waits for a day, offering a place by hand, removing an entry.
 */
export const timeWaitlistRoutes = routeGroup()
  .post(
    '/time-waitlist',
    rateLimit('FORM_LIMITER', 'time-waitlist'),
    sameOriginJson,
    validate('json', timeWaitlistJoinSchema),
    async (c) => {
      const scope = scopeOf(c);
      // Live entries one network may keep are counted by a digest of it (as payment holds), never the address.
      const network = clientNetwork(c);
      const networkKey = network ? await keyedDigest(c.env.LINK_SECRET, 'client-networks', network) : undefined;
      const joined = await joinTimeWaitlist(scope.db, c.req.valid('json'), scope.now, networkKey);
      if (!joined.ok) {
        if (joined.status === 409) return c.json({ message: joined.message, free: joined.free }, 409);
        return c.json({ message: joined.message, ...(joined.field ? { field: joined.field } : {}) }, joined.status);
      }
      const studio = studioDetails(c.env);
      const token = await entryToken(joined.id, c.env.MANAGE_LINK_SECRET);
      const entryUrl = `${studio.siteUrl}${entryPath(token)}`;
      const entry = { ...joined.entry, id: joined.id, entryUrl, confirmUrl: `${entryUrl}?confirm=1` };
      scope.later(
        timeWaitlistJoinedMessages({ ...entry, dayPart: dayPartLabels[entry.dayPart] }, studio).then((messages) =>
          queueMessages(scope.db, c.env.MESSAGES, messages),
        ),
      );
      // Nothing is offered yet: only once its owner confirms (the email's link, a WhatsApp reply).
      return c.json({ _id: joined.id, position: joined.position }, 201);
    },
  )
  .get('/time-waitlist/entry/:token', async (c) => {
    const id = await entryOfToken(c.req.param('token'), c.env.MANAGE_LINK_SECRET);
    const entry = id ? await findEntry(c.var.db, id, new Date()) : undefined;
    if (!entry) return c.json({ message: timeWaitlistMessages.notFound }, 404);
    const { email: _email, phone: _phone, ...shown } = entry;
    // A place offered now: the link to it, as the offer's message has it.
    const offerLink = entry.offer ? offerPath(await offerToken(entry.offer.reference, c.env.MANAGE_LINK_SECRET)) : null;
    return c.json({ ...shown, offerPath: offerLink }, 200, noStore);
  })
  // A POST (the page's button), never the link itself: a mail scanner following links confirms nothing.
  .post('/time-waitlist/entry/:token/confirm', sameOriginJson, async (c) => {
    const id = await entryOfToken(c.req.param('token'), c.env.MANAGE_LINK_SECRET);
    const scope = scopeOf(c);
    const confirmed = id ? await confirmEntry(scope.db, id, scope.now) : undefined;
    if (!confirmed)
      return c.json({ message: id ? timeWaitlistMessages.entryEnded : timeWaitlistMessages.notFound }, 404);
    // A place may be free for them already (freed while they waited unconfirmed): offered after this answer.
    if (confirmed.newlyFor.length > 0) scope.timeFreed(confirmed.newlyFor);
    const { email: _email, phone: _phone, ...shown } = confirmed.entry;
    return c.json({ ...shown, offerPath: null }, 200, noStore);
  })
  .delete('/time-waitlist/entry/:token', sameOriginJson, async (c) => {
    const id = await entryOfToken(c.req.param('token'), c.env.MANAGE_LINK_SECRET);
    if (!id) return c.json({ message: timeWaitlistMessages.notFound }, 404);
    return leave(c, id);
  })
  .get('/waitlist-offer/:token', async (c) => {
    const page = await offerPage(c.var.db, c.req.param('token'), c.env.MANAGE_LINK_SECRET, new Date());
    if (!page.ok) return c.json({ message: page.message }, page.status);
    return c.json(page.offer, 200, noStore);
  })
  .post('/waitlist-offer/:token/decline', sameOriginJson, async (c) => {
    const reference = await offerOfToken(c.req.param('token'), c.env.MANAGE_LINK_SECRET);
    if (!reference) return c.json({ message: timeWaitlistMessages.offerNotFound }, 404);
    const scope = scopeOf(c);
    const ended = await endOffer(scope.db, reference, 'declined', scope.now);
    if (!ended) return c.json({ message: timeWaitlistMessages.offerEnded }, 409);
    // The next in line gets the place, after this answer.
    scope.timeFreed([ended.date]);
    return c.json({ success: true as const });
  })
  // Staff only.
  .get('/time-waitlist', validate('query', dayQuery), async (c) =>
    c.json(await listTimeWaitlist(c.var.db, c.req.valid('query').date, new Date()), 200, noStore),
  )
  .delete('/time-waitlist/:id', sameOriginJson, async (c) => leave(c, c.req.param('id')))
  .post('/time-waitlist/:id/offer', sameOriginJson, validate('json', offerBody), async (c) => {
    const result = await offerPlaceByHand(scopeOf(c), c.req.param('id'), c.req.valid('json'));
    if (!result.ok) return c.json({ message: result.message }, result.status);
    const { reference, date, time, therapistId, minutes, expiresAt } = result.offer;
    return c.json({ reference, date, time, therapistId, durationMinutes: minutes, expiresAt }, 201);
  });

/** Ends the entry (its open offer's place goes to the next in line): 204, or 404 when it was not waiting. */
async function leave(c: Parameters<typeof scopeOf>[0], id: string) {
  const scope = scopeOf(c);
  const { left, freedDate } = await leaveTimeWaitlist(scope.db, id, scope.now);
  if (freedDate) scope.timeFreed([freedDate]);
  if (!left) return c.json({ message: timeWaitlistMessages.entryEnded }, 404);
  return c.body(null, 204);
}
