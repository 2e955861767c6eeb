import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/admin-session';
import { afterResponse } from '../middleware/after-response';
import { rateLimit } from '../middleware/rate-limit';
import { validate } from '../middleware/validate';
import { studioDetails, waitlistWelcomeMessages } from '../services/notifications';
import { queueMessages } from '../services/outbox';
import { entryOfToken } from '../services/unsubscribe';
import { joinWaitlist, listWaitlist, unsubscribe } from '../services/waitlist';
import { EARLY_BIRD_PLACES, waitlistMessages, waitlistSignupSchema } from '../shared/waitlist';
import { pageQuery } from './list-query';

export const unsubscribeMessages = {
  invalid: 'This unsubscribe link is not valid. Please use the link in your most recent email.',
} as const;

const unsubscribeBody = z.object({
  token: z
    .string({ error: unsubscribeMessages.invalid })
    .check(z.minLength(1, unsubscribeMessages.invalid), z.maxLength(200)),
});

export const waitlistRoutes = new Hono<AppEnv>()
  .post(
    '/academy-waitlist',
    rateLimit('FORM_LIMITER', 'waitlist'),
    validate('json', waitlistSignupSchema),
    async (c) => {
      const signup = c.req.valid('json');
      const result = await joinWaitlist(c.var.db, signup);
      if (!result.joined) return c.json({ message: waitlistMessages.duplicate }, 409);
      afterResponse(
        c,
        queueMessages(
          c.var.db,
          c.env.MESSAGES,
          waitlistWelcomeMessages(signup.firstName, signup.email, studioDetails(c.env)),
        ),
      );
      const message = result.earlyBird
        ? `Thank you, ${signup.firstName}! You are number ${result.position} on the waitlist, one of the first ${EARLY_BIRD_PLACES}: your special tuition discount is reserved.`
        : `Thank you, ${signup.firstName}! You are on the waitlist. We will let you know as soon as enrolment opens.`;
      return c.json({ message, position: result.position, earlyBird: result.earlyBird }, 201);
    },
  )
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
  .get('/academy-waitlist', requireAdmin, validate('query', pageQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listWaitlist(c.var.db, { page, pageSize }));
  });
