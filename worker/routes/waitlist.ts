import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireAdmin, sameOriginJson } from '../middleware/admin-session';
import { afterResponse } from '../middleware/after-response';
import { validate } from '../middleware/validate';
import { studioDetails, waitlistWelcomeMessages } from '../services/notifications';
import { queueMessages } from '../services/outbox';
import { joinWaitlist, listWaitlist } from '../services/waitlist';
import { EARLY_BIRD_PLACES, waitlistMessages, waitlistSignupSchema } from '../shared/waitlist';
import { pageQuery } from './list-query';

export const bulkMessages = {
  emailUnavailable: 'Bulk email is not set up yet, so nothing was sent.',
  whatsappUnavailable: 'Bulk WhatsApp is not set up yet, so nothing was sent.',
} as const;

export const waitlistRoutes = new Hono<AppEnv>()
  .post('/academy-waitlist', validate('json', waitlistSignupSchema), async (c) => {
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
  })
  // Staff only from here on.
  .get('/academy-waitlist', requireAdmin, validate('query', pageQuery), async (c) => {
    const { page, pageSize } = c.req.valid('query');
    return c.json(await listWaitlist(c.var.db, { page, pageSize }));
  })
  // Delivery arrives with the messaging work (outbox and queue); until then the honest answer is
  // that nothing was sent, never a success.
  .post('/send-bulk-email', requireAdmin, sameOriginJson, (c) =>
    c.json({ success: false as const, message: bulkMessages.emailUnavailable }, 501),
  )
  .post('/send-whatsapp-bulk', requireAdmin, sameOriginJson, (c) =>
    c.json({ success: false as const, message: bulkMessages.whatsappUnavailable }, 501),
  );
