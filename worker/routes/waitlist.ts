import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { validate } from '../middleware/validate';
import { joinWaitlist } from '../services/waitlist';
import { EARLY_BIRD_PLACES, waitlistMessages, waitlistSignupSchema } from '../shared/waitlist';

export const waitlistRoutes = new Hono<AppEnv>().post(
  '/academy-waitlist',
  validate('json', waitlistSignupSchema),
  async (c) => {
    const signup = c.req.valid('json');
    const result = await joinWaitlist(c.var.db, signup);
    if (!result.joined) return c.json({ message: waitlistMessages.duplicate }, 409);
    const message = result.earlyBird
      ? `Thank you, ${signup.firstName}! You are number ${result.position} on the waitlist, one of the first ${EARLY_BIRD_PLACES}: your special tuition discount is reserved.`
      : `Thank you, ${signup.firstName}! You are on the waitlist. We will let you know as soon as enrolment opens.`;
    return c.json({ message, position: result.position, earlyBird: result.earlyBird }, 201);
  },
);
