/**
 * Which messages the waitlist for full times sends: joined, ended, a freed place offered. The
 * templates render with React's server renderer, a quarter of the Worker: they are imported when a
 * message is built, so a cold start does not parse them.
 */
import type { StudioDetails } from '../../messages/layout';
import type {
  TimeWaitlistEndedFacts,
  TimeWaitlistEntryFacts,
  TimeWaitlistOfferFacts,
} from '../../messages/templates/time-waitlist';
import { byEmailAndWhatsapp, email, whatsapp, withRecipient } from '../outbox/notifications';
import type { NewMessage } from '../outbox/outbox';

const timeWaitlistTemplates = () => import('../../messages/templates/time-waitlist');

/** Joining the waitlist for a full time: the confirmation, with the private link to see or leave it. */
export async function timeWaitlistJoinedMessages(
  entry: TimeWaitlistEntryFacts & { id: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const { timeWaitlistJoined } = await timeWaitlistTemplates();
  return withRecipient([
    email('time-waitlist-joined', entry.id, entry.email ?? '', await timeWaitlistJoined(entry, studio, 'link')),
    whatsapp('time-waitlist-joined', entry.id, entry.phone ?? '', await timeWaitlistJoined(entry, studio, 'reply')),
  ]);
}

/** An entry ended after two offers in a row lapsed unanswered: its owner is told, by email and WhatsApp. */
export async function timeWaitlistEndedMessages(
  entry: TimeWaitlistEndedFacts & { id: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = await (await timeWaitlistTemplates()).timeWaitlistEnded(entry, studio);
  return byEmailAndWhatsapp('time-waitlist-ended', entry.id, entry, message);
}

/** A freed place offered to a waiting client: once per offer, by email and WhatsApp. */
export async function timeWaitlistOfferMessages(
  offer: TimeWaitlistOfferFacts & { reference: string; email: string | null; phone: string | null },
  studio: StudioDetails,
): Promise<NewMessage[]> {
  const message = await (await timeWaitlistTemplates()).waitlistOffer(offer, studio);
  return byEmailAndWhatsapp('waitlist-offer', offer.reference, offer, message);
}
