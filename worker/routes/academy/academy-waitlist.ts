import * as z from 'zod/mini';
import { sameOriginJson } from '../../middleware/admin-session';
import { afterResponse } from '../../middleware/after-response';
import { rateLimit } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';
import { academyConfirmMessages, academyWelcomeMessages } from '../../services/academy/academy-messages';
import {
  confirmEntry,
  joinAcademyWaitlist,
  listAcademyWaitlist,
  unsubscribe,
} from '../../services/academy/academy-waitlist';
import { confirmToken, entryOfConfirmToken, entryOfToken } from '../../services/academy/unsubscribe';
import { studioDetails } from '../../services/outbox/notifications';
import { queueMessages } from '../../services/outbox/outbox';
import {
  academyWaitlistMessages,
  academyWaitlistSignupSchema,
  EARLY_BIRD_PLACES,
} from '../../shared/academy/academy-waitlist';
import { TOTAL_COUNT_HEADER } from '../../shared/pagination';
import { filled } from '../../shared/plain-text';
import { pageQuery } from '../list-query';
import { routeGroup } from '../route-group';

export const unsubscribeMessages = {
  invalid: 'This unsubscribe link is not valid. Please use the link in your most recent email.',
} as const;

const confirmBody = () =>
  z.object({
    token: filled(200, academyWaitlistMessages.confirmInvalid),
  });

const unsubscribeBody = () =>
  z.object({
    token: filled(200, unsubscribeMessages.invalid),
  });

export const academyWaitlistRoutes = routeGroup()
  .post(
    '/academy-waitlist',
    rateLimit('FORM_LIMITER', 'waitlist'),
    validate('json', academyWaitlistSignupSchema),
    async (c) => {
      const signup = c.req.valid('json');
      const now = new Date();
      const result = await joinAcademyWaitlist(c.var.db, signup, now);
      if (result.outcome === 'already-confirmed') return c.json({ message: academyWaitlistMessages.duplicate }, 409);
      const studio = studioDetails(c.env);
      const token = await confirmToken(result.entryId, c.env.LINK_SECRET);
      const confirmUrl = `${studio.siteUrl}/academy/confirm?token=${encodeURIComponent(token)}`;
      const messages = await academyConfirmMessages(result, confirmUrl, studio, now);
      afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
      const message = `Thank you, ${result.firstName}! Please check your inbox: we have sent ${result.email} a link to confirm your place. The first ${EARLY_BIRD_PLACES} to confirm receive a special discount on tuition.`;
      return c.json({ message, confirmationSent: true as const }, 201);
    },
  )
  // From the link in the confirmation email (the /academy/confirm page posts it); again answers the same.
  .post('/academy-waitlist/confirm', sameOriginJson, validate('json', confirmBody), async (c) => {
    const entryId = await entryOfConfirmToken(c.req.valid('json').token, c.env.LINK_SECRET);
    const result = entryId ? await confirmEntry(c.var.db, entryId, new Date()) : { confirmed: false as const };
    if (!result.confirmed) return c.json({ message: academyWaitlistMessages.confirmInvalid }, 400);
    const messages = await academyWelcomeMessages(result.firstName, result.email, studioDetails(c.env));
    afterResponse(c, queueMessages(c.var.db, c.env.MESSAGES, messages));
    const message = result.earlyBird
      ? `Thank you, ${result.firstName}! You are number ${result.position} on the waitlist, one of the first ${EARLY_BIRD_PLACES}: your special tuition discount is reserved.`
      : `Thank you, ${result.firstName}! You are on the waitlist. We will let you know as soon as enrolment opens.`;
    return c.json({ success: true as const, message, position: result.position, earlyBird: result.earlyBird });
  })
  // From the link in every bulk email; a token used before answers the same.
  .post('/unsubscribe', validate('json', unsubscribeBody), async (c) => {
    const entryId = await entryOfToken(c.req.valid('json').token, c.env.LINK_SECRET);
    if (!entryId || !(await unsubscribe(c.var.db, entryId)))
      return c.json({ message: unsubscribeMessages.invalid }, 400);
    return c.json({ success: true as const });
  })
  // RFC 8058 one-click, from the List-Unsubscribe header of a bulk email: the mail app posts
  // `List-Unsubscribe=One-Click` as a form, with no Origin, to this URL, which carries the token.
  .post('/unsubscribe/one-click', validate('query', unsubscribeBody), async (c) => {
    const entryId = await entryOfToken(c.req.valid('query').token, c.env.LINK_SECRET);
    if (!entryId || !(await unsubscribe(c.var.db, entryId)))
      return c.json({ message: unsubscribeMessages.invalid }, 400);
    return c.json({ success: true as const });
  })
  // Staff only.
  .get('/academy-waitlist', validate('query', pageQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    const { waitlist, totalSubscribers, listed } = await listAcademyWaitlist(c.var.db, { page, pageSize });
    return c.json({ waitlist, totalSubscribers }, 200, { [TOTAL_COUNT_HEADER]: String(listed) });
  });
