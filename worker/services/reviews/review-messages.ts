/**
 * Which messages ask for a review, and to whom. The templates render with React's server renderer,
 * a quarter of the Worker: they are imported when a message is built, so a cold start does not
 * parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import type { ReviewRequestFacts } from '../../messages/templates/reviews';
import { email, whatsapp, withRecipient } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

/**
 * A review request: by email, and by WhatsApp for a visit (its approved template; an order's
 * products are asked about by email). Keyed by the visit, or the order: once whatever the cron does.
 */
export async function reviewRequestMessages(
  about: string,
  facts: ReviewRequestFacts,
  to: { email: string; phone: string },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { reviewRequest } = await import('../../messages/templates/reviews');
  const message = await reviewRequest(facts, studio);
  return withRecipient([
    email('review-request', about, to.email, message),
    ...(facts.visit ? [whatsapp('review-request', about, to.phone, message)] : []),
  ]);
}
